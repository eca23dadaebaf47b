import { trpc } from "../../../lib/trpc";

/** The published moderation policy (Settings' store facts): the only reasons a review is not shown. */
export function ReviewPolicy() {
  const facts = trpc.settings.storeFacts.useQuery(undefined, { staleTime: 10 * 60_000 });
  const policy = facts.data?.reviewPolicy;
  if (!policy) return null;
  return (
    <details className="review-policy">
      <summary>How we moderate reviews</summary>
      <p>{policy.summary}</p>
      <ul>
        {policy.reasons.map((r) => (
          <li key={r.code}>{r.words}</li>
        ))}
      </ul>
    </details>
  );
}
