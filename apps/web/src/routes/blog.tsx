import { createFileRoute } from "@tanstack/react-router";
import { PolicyLayout } from "../components/store/PolicyLayout";

export const Route = createFileRoute("/blog")({ component: Blog });

const POSTS = [
  {
    title: "How to mop marble floors without dulling them",
    date: "12 March 2025",
    body: [
      "Marble is soft and reacts with acids, so skip vinegar and lemon. Use a pH-neutral floor cleaner: two caps in half a bucket of warm water is enough.",
      "Sweep first so grit does not scratch the surface, mop with a well-wrung microfibre mop, and finish with a dry pass to avoid water marks.",
    ],
  },
  {
    title: "Five kitchen grease spots people forget",
    date: "20 February 2025",
    body: [
      "The chimney filter, the tiles behind the hob, the knobs of the gas stove, the top of the fridge and the switchboard near the stove all collect oily dust.",
      "Spray a degreaser, wait a minute so it can loosen the grease, then wipe with a damp cloth. Soak chimney filters in hot water with dishwash gel once a month.",
    ],
  },
  {
    title: "Front-load or top-load: which detergent should you use?",
    date: "28 January 2025",
    body: [
      "Front-load machines need a low-foam detergent: too much foam stops the drum from rinsing properly and can leave clothes sticky.",
      "Top-load machines and bucket washes handle regular detergents well. In both cases, measure: more detergent does not mean cleaner clothes.",
    ],
  },
];

function Blog() {
  return (
    <PolicyLayout title="Blog">
      <p>Cleaning tips from the Clean Store team.</p>
      {POSTS.map((p) => (
        <article key={p.title} className="blog-post">
          <h2>{p.title}</h2>
          <p className="hint">{p.date}</p>
          {p.body.map((t) => (
            <p key={t}>{t}</p>
          ))}
        </article>
      ))}
    </PolicyLayout>
  );
}
