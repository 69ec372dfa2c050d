import QRCode from "qrcode";

import { normalizeCode } from "~/modules/verification/code";
import { env } from "~/platform/env.server";
import type { Route } from "./+types/qr";
import { notFound } from "~/modules/access/require.server";

/** The QR code of a verification URL. It reveals nothing the code does not, so it is cacheable. */
export async function loader({ params }: Route.LoaderArgs) {
  const code = normalizeCode(params.code);
  if (!code) throw notFound();
  const svg = await QRCode.toString(`${env.publicUrl}/verify/${code}`, {
    type: "svg",
    margin: 1,
    errorCorrectionLevel: "M",
  });
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400, immutable" },
  });
}
