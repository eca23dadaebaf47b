// Small inline icons (no icon font or emoji font needed); all decorative.
const base = {
  width: 20,
  height: 20,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
  focusable: false,
} as const;

export const BasketIcon = () => (
  <svg {...base}>
    <path d="M5 10h14l-1.5 9a2 2 0 0 1-2 1.7h-7a2 2 0 0 1-2-1.7z" />
    <path d="M9 10l3-6 3 6" />
  </svg>
);
export const SearchIcon = () => (
  <svg {...base}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-4-4" />
  </svg>
);
export const TrashIcon = () => (
  <svg {...base} width={16} height={16}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </svg>
);
export const TruckIcon = () => (
  <svg {...base}>
    <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7z" />
    <circle cx="7" cy="18" r="2" />
    <circle cx="17" cy="18" r="2" />
  </svg>
);
export const StarIcon = () => (
  <svg {...base}>
    <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z" />
  </svg>
);
export const ReturnIcon = () => (
  <svg {...base}>
    <path d="M4 12a8 8 0 1 0 2.3-5.7M4 4v5h5" />
  </svg>
);
export const PhoneIcon = () => (
  <svg {...base}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
  </svg>
);
export const BottleIcon = () => (
  <svg {...base} width={64} height={64}>
    <path d="M10 2h4v4h-4zM9 6h6l2 4v10a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V10z" />
  </svg>
);
