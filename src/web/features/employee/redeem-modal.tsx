import { useCallback, useState, type ReactNode } from 'react';
import { APPROVER_NOTICE, approverOf } from '#domain/request-lifecycle';
import { Alert, Badge, Box, Button, CopyButton, Group, Modal, Paper, Stack, Text, Textarea, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconCircleCheck, IconCopy, IconHourglass } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CatalogueItem, RedeemInput, RedemptionResult } from '#domain/schemas/economy';
import { errorMessage } from '#domain/errors';
import { isProductLink } from '#domain/product-link';
import { messageOf } from '../../api/client';
import { isTransientError, usePressKey } from '../../api/press-key';
import { useRedeemBenefit } from '../../api/employee';
import { useOnline } from '../../api/offline-snapshot';
import { CounterCode } from '../../components/counter-code';
import { accentOf } from './benefit-accent';
import { OfflineRedeemButton } from './benefit-card';
import { tokens } from '#domain/plural';
import { href, paths } from '#domain/paths';

type Balances = { jobby: number; company: number };

/** Which benefit the modal is for; `session` changes on every opening so the body starts fresh. */
export function useRedeemModal() {
  const [state, setState] = useState<{ item: CatalogueItem | null; opened: boolean; session: number }>({ item: null, opened: false, session: 0 });
  const open = useCallback((item: CatalogueItem) => setState((s) => ({ item, opened: true, session: s.session + 1 })), []);
  // The item stays while the closing transition runs.
  const close = useCallback(() => setState((s) => ({ ...s, opened: false })), []);
  return { ...state, open, close };
}

type RedeemModalProps = {
  item: CatalogueItem | null;
  opened: boolean;
  session: number;
  onClose: () => void;
  /** The freshest balances known (the header's query, else the catalogue's). */
  balances: Balances | undefined;
};

/** Redemption of one benefit (spec part 2 §5 "Redemption"), shared by the flexible and company benefit pages. */
export function RedeemModal({ item, opened, session, onClose, balances }: RedeemModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>Canjear beneficio</Text>} size="md" radius="lg" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {item && <RedeemBody key={session} item={item} balances={balances} onClose={onClose} />}
    </Modal>
  );
}

function RedeemBody({ item, balances, onClose }: { item: CatalogueItem; balances: Balances | undefined; onClose: () => void }) {
  const redeem = useRedeemBenefit();
  const online = useOnline();
  const [comments, setComments] = useState('');
  // Spec part 2 §3: a third-party benefit's request may carry the product the employee wants.
  const takesProductLink = item.kind === 'platform' && item.type === 'third_party';
  const [productLink, setProductLink] = useState('');
  const productLinkError = productLink.trim() && !isProductLink(productLink.trim()) ? errorMessage('PRODUCT_LINK_INVALID') : null;
  const pressKey = usePressKey();
  // A press without a definitive answer (network, 5xx) is retried with the same key and body.
  const isRetry = redeem.isError && isTransientError(redeem.error);
  const accent = accentOf(item);
  const tokenType = item.kind === 'company' ? 'company' : 'jobby';
  const balance = balances?.[tokenType];
  const isInsufficient = balance !== undefined && balance < item.tokenCost;

  if (redeem.data) return <RedeemResult result={redeem.data} item={item} onClose={onClose} />;

  const confirm = () => {
    if (productLinkError) return;
    const input: RedeemInput = { kind: item.kind, benefitId: item.id, comments: comments.trim() || null, ...(takesProductLink ? { productLink: productLink.trim() || null } : {}) };
    redeem.mutate({ input, idempotencyKey: pressKey.keyFor(JSON.stringify(input)) }, { onSettled: (_data, error) => pressKey.settle(error) });
  };

  return (
    <Stack gap="md">
      <Box>
        <Group gap="xs" mb={4}>
          <Badge radius="xl" style={{ background: accent.gradient, color: accent.onGradient }}>
            {accent.badge}
          </Badge>
        </Group>
        <Title order={3} fz="lg">
          {item.title}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {item.description}
        </Text>
      </Box>

      <Paper withBorder radius="lg" p="md">
        <Stack gap={6}>
          <SummaryRow label="Costo" value={tokens(item.tokenCost)} />
          <SummaryRow label={`Tu saldo ${accent.tokenLabel}`} value={balance === undefined ? '—' : tokens(balance)} testId="redeem-balance" />
          <SummaryRow
            label="Saldo después del canje"
            value={balance === undefined ? '—' : isInsufficient ? 'Insuficiente' : tokens(balance - item.tokenCost)}
            testId="redeem-balance-after"
            strong
          />
        </Stack>
      </Paper>

      {isInsufficient && (
        <Alert color="gray" variant="light" radius="md" icon={<IconAlertCircle size={18} aria-hidden />}>
          {errorMessage(item.kind === 'company' ? 'INSUFFICIENT_COMPANY_TOKENS' : 'INSUFFICIENT_JOBBY_TOKENS', { needed: item.tokenCost, held: balance })}
        </Alert>
      )}

      <Textarea
        label="Comentarios"
        description="Opcional"
        placeholder="¿Algo que debamos saber?"
        autosize
        minRows={2}
        maxRows={5}
        maxLength={1000}
        value={comments}
        onChange={(e) => setComments(e.currentTarget.value)}
        // A press waiting for its retry must resend exactly what it sent.
        readOnly={isRetry}
      />

      {takesProductLink && (
        <TextInput
          label="Enlace del producto"
          description="Opcional: pega el enlace del producto que quieres"
          placeholder="https://…"
          type="url"
          maxLength={2000}
          value={productLink}
          onChange={(e) => setProductLink(e.currentTarget.value)}
          error={productLinkError}
          readOnly={isRetry}
        />
      )}

      {redeem.isError && (
        <Alert color="red" variant="light" radius="md" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" data-testid="redeem-error">
          {messageOf(redeem.error)}
        </Alert>
      )}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" radius="xl" onClick={onClose} disabled={redeem.isPending}>
          Cancelar
        </Button>
        {isInsufficient ? (
          <Button radius="xl" disabled>
            Tokens insuficientes
          </Button>
        ) : !online && !redeem.isPending ? (
          <OfflineRedeemButton />
        ) : (
          <Button
            radius="xl"
            loading={redeem.isPending}
            onClick={confirm}
            style={redeem.isPending ? undefined : { background: accent.gradient, color: accent.onGradient }}
          >
            {isRetry ? 'Reintentar' : 'Confirmar canje'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function SummaryRow({ label, value, testId, strong }: { label: string; value: string; testId?: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 600} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}


function pendingNotice(status: RedemptionResult['status']): string {
  const approver = approverOf(status);
  return approver ? APPROVER_NOTICE[approver] : '';
}

function RedeemResult({ result, item, onClose }: { result: RedemptionResult; item: CatalogueItem; onClose: () => void }) {
  const accent = accentOf(item);
  const newBalance = result.tokenType === 'company' ? result.balances.company : result.balances.jobby;
  const balanceLine = `Tu nuevo saldo ${accent.tokenLabel}: ${tokens(newBalance)}`;

  if (result.code) {
    const code = result.code;
    return (
      <Stack gap="md" align="center" ta="center" data-testid="redeem-success">
        <ResultHeading icon={<IconCircleCheck size={32} aria-hidden />} color="green" title="¡Canje exitoso!">
          {item.title}
        </ResultHeading>
        <Paper withBorder radius="lg" px="md" py="md" w="100%">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={8}>
            Tu código
          </Text>
          <CounterCode code={code.code} expiresAt={code.expiresAt} providerName={item.providerName} qrSize={136} codeTestId="redeem-code" />
        </Paper>
        <CopyButton value={code.code} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              radius="xl"
              color={copied ? 'green' : 'brand'}
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            >
              {copied ? 'Código copiado' : 'Copiar código'}
            </Button>
          )}
        </CopyButton>
        <Text size="sm">Muestra este código al momento de usar tu beneficio.</Text>
        <Text size="sm" c="dimmed">
          {balanceLine}
        </Text>
        <ResultActions onClose={onClose} />
      </Stack>
    );
  }

  return (
    <Stack gap="md" align="center" ta="center" data-testid="redeem-pending">
      <ResultHeading icon={<IconHourglass size={30} aria-hidden />} color="yellow" title="Tu solicitud quedó pendiente de aprobación">
        {pendingNotice(result.status)} Cuando sea aprobada verás tu código en Mis solicitudes.
      </ResultHeading>
      <Text size="sm" c="dimmed">
        {balanceLine}
      </Text>
      <ResultActions onClose={onClose} />
    </Stack>
  );
}

/** The result's icon, title and the line under it (a code issued, or a request waiting). */
function ResultHeading({ icon, color, title, children }: { icon: ReactNode; color: string; title: string; children: ReactNode }) {
  return (
    <>
      <ThemeIcon size={56} radius="xl" color={color} variant="light">
        {icon}
      </ThemeIcon>
      <Box>
        <Title order={3} fz="lg">
          {title}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {children}
        </Text>
      </Box>
    </>
  );
}

function ResultActions({ onClose }: { onClose: () => void }) {
  return (
    <Group justify="center" gap="sm" w="100%">
      <Button component={Link} to={href(paths.employee.requests)} variant="default" radius="xl">
        Ver mis solicitudes
      </Button>
      <Button radius="xl" onClick={onClose}>
        Listo
      </Button>
    </Group>
  );
}
