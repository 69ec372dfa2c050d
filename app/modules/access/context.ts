import { createContext, href } from "react-router";
import { capabilitiesOf } from "./capabilities";
import type { Area } from "./areas";
import type { Principal } from "./principal";

export const ANONYMOUS: Principal = {
  user: null,
  userId: null,
  role: null,
  clientId: null,
  scope: { kind: "none" },
  capabilities: capabilitiesOf(null, null),
  ip: null,
  loginRedirect: href("/login"),
};

/** Set by the session middleware on every request. */
export const principalContext = createContext<Principal>(ANONYMOUS);
/** Set by each area layout: the area the screen is shown in. */
export const areaContext = createContext<Area | null>(null);
