/** "★★★★☆", read out as "4 out of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="trust-stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {"★".repeat(rating)}
      <span className="trust-stars-off">{"★".repeat(Math.max(0, 5 - rating))}</span>
    </span>
  );
}
