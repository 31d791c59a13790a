import { Text, type TextProps } from '@mantine/core';
import { formatCode } from '../../domain/code';

/**
 * An 8-character benefit code: monospace, letter-spaced, in groups of four ('ABCD EFGH') so it is
 * easy to read aloud at a counter (LOOK-AND-FEEL "Brand"); verification ignores the space.
 */
export function CodeText({ code, ...props }: { code: string } & TextProps) {
  return (
    <Text component="span" className="jobby-code" aria-label={`Código ${code.split('').join(' ')}`} style={{ whiteSpace: 'nowrap' }} {...props}>
      {formatCode(code)}
    </Text>
  );
}
