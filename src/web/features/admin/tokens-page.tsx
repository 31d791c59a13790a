import { Stack, Text, Title } from '@mantine/core';
import { TokenAdjustCard } from './token-adjust-card';
import { TokenHistoryCard } from './token-history-card';

/** /level1/tokens (part 1 "Token management"): adjust one user's flexible tokens, and the history. */
export function TokensPage() {
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1} size="h2">Gestión de Tokens</Title>
        <Text c="dimmed">Añade o quita tokens flexibles a los colaboradores y revisa cada movimiento.</Text>
      </div>
      <TokenAdjustCard />
      <TokenHistoryCard />
    </Stack>
  );
}
