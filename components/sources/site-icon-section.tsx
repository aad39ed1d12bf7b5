// A source's site icon on its page: the image (served by Tidings), where it came from, when the
// site is asked again, and "Refresh the icon".
import { HealthSection } from "@/components/health/health-section";
import { SiteIcon } from "@/components/icons/site-icon";
import { SourceActionForm } from "@/components/sources/source-action-form";
import { refreshIcon } from "@/app/sources/actions";
import type { SiteIconState } from "@/lib/reads/health/get-site-icon-state";
import { formatUtc } from "@/lib/reads/health/describe/format-figures";

export function SiteIconSection({ sourceId, state }: { sourceId: number; state: SiteIconState }) {
  const said =
    state.state === null
      ? "Not looked for yet: the next round looks for it (the feed's icon, the home page's, then /favicon.ico)."
      : state.state === "found"
        ? `Found at ${state.url ?? "?"}.`
        : `${state.detail ?? "No icon found."}${state.icon ? " The icon found before is still shown." : ""}`;
  return (
    <HealthSection id="icon" title="Site icon" intro={`One icon for ${state.site}, shared by its sources.`}>
      <p data-site-icon-state={state.state ?? "unknown"}>
        <SiteIcon src={state.icon ?? undefined} /> {said}
        {state.nextCheckAt ? ` Asked again after ${formatUtc(state.nextCheckAt)}.` : ""}
      </p>
      <SourceActionForm
        sourceId={sourceId}
        action={refreshIcon}
        label="Refresh the icon"
        pendingText="Waiting for its turn, then asking…"
        resultName="icon"
      />
    </HealthSection>
  );
}
