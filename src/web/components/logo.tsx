import { Box } from '@mantine/core';

/** The "jobby" wordmark: "Jo" purple, "bby" and the dot gold (LOOK-AND-FEEL "Brand"). */
export function Logo({ size = 28, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <Box
      component="span"
      aria-label="Jobby"
      role="img"
      style={{
        fontFamily: '"Arial Rounded MT Bold", "Nunito", "Varela Round", system-ui, sans-serif',
        fontWeight: 800,
        fontSize: size,
        letterSpacing: -0.5,
        lineHeight: 1,
        whiteSpace: 'nowrap',
      }}
    >
      <span style={{ color: inverted ? '#fff' : '#773D76' }}>Jo</span>
      <span style={{ color: '#EEAA15' }}>bby</span>
      <span style={{ color: '#EEAA15' }}>.</span>
    </Box>
  );
}
