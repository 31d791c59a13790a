/**
 * The "jobby" wordmark: "Jo" purple, "bby" and the dot gold (LOOK-AND-FEEL "Brand"), drawn as an
 * inline SVG so it scales crisply and stays a logotype (exempt from text-contrast rules).
 */
export function Logo({ size = 28, inverted = false, adaptive = false }: { size?: number; inverted?: boolean; adaptive?: boolean }) {
  const width = size * 3.05;
  return (
    <svg role="img" aria-label="Jobby" width={width} height={size * 1.25} viewBox="0 0 122 50" style={{ display: 'block' }}>
      <text
        x="0"
        y="38"
        fontFamily='"Arial Rounded MT Bold", "Nunito", "Varela Round", system-ui, sans-serif'
        fontWeight={800}
        fontSize="40"
        letterSpacing="-0.5"
      >
        {/* `adaptive` (on the app's header, which turns dark): the brand purple is 1.9:1 on the dark scheme, so a light tint of it there. */}
        <tspan style={{ fill: inverted ? '#ffffff' : adaptive ? 'light-dark(#773D76, #d49bd3)' : '#773D76' }}>Jo</tspan>
        <tspan fill="#EEAA15">bby.</tspan>
      </text>
    </svg>
  );
}
