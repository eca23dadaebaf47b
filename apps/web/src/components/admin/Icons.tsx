/** Small inline icons; the link or button around them carries the accessible name. */
const svg = {
  width: 18,
  height: 18,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  "aria-hidden": true,
  focusable: false,
} as const;

export const EyeIcon = () => (
  <svg {...svg}>
    <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
    <circle cx="12" cy="12" r="3" />
  </svg>
);
export const PencilIcon = () => (
  <svg {...svg}>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
  </svg>
);
export const TrashIcon = () => (
  <svg {...svg}>
    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
  </svg>
);
export const MenuIcon = () => (
  <svg {...svg}>
    <path d="M3 6h18M3 12h18M3 18h18" />
  </svg>
);
