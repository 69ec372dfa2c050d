import { PersonDetail } from "~/components/people/person-detail";
import type { Route } from "./+types/beneficiary";
import { changePersonStatus, loadPerson } from "./people.server";

export const loader = (args: Route.LoaderArgs) => loadPerson(args, "BENEFICIARY");
export const action = (args: Route.ActionArgs) => changePersonStatus(args, "BENEFICIARY");

export default function Detail({ loaderData }: Route.ComponentProps) {
  return (
    <PersonDetail
      role="BENEFICIARY"
      person={loaderData.person}
      latestRequests={loaderData.latestRequests}
      latestAttestations={loaderData.latestAttestations}
      storage={loaderData.storage}
      dialog={loaderData.dialog}
    />
  );
}
