import { Text, type TextProps } from '@mantine/core';

/** An 8-character benefit code: monospace, letter-spaced, easy to read aloud (LOOK-AND-FEEL "Brand"). */
export function CodeText({ code, ...props }: { code: string } & TextProps) {
  return (
    <Text component="span" className="jobby-code" aria-label={`Código ${code.split('').join(' ')}`} {...props}>
      {code}
    </Text>
  );
}
