import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconScan, IconWifiOff } from '@tabler/icons-react';
import type { verifyCodeInputSchema } from '../../domain/schemas/codes';
import type { VerifyCodeResult } from '../../domain/schemas/economy';
import { messageOf, NETWORK_MESSAGE } from '../api/client';
import { isTransientError, usePressKey } from '../api/press-key';
import { useVerifyCode } from '../api/provider';
import { CodeText } from './code-text';
import { whenIdle } from './when-idle';
import { OriginBadge } from './badges';
import classes from './verify-token-form.module.css';

type Outcome =
  | { kind: 'valid'; result: VerifyCodeResult }
  | { kind: 'invalid'; message: string }
  /** No answer from the server: the same press can be repeated safely (same Idempotency-Key). */
  | { kind: 'unreachable'; message: string };

type CodeRules = typeof verifyCodeInputSchema;
let codeRules: CodeRules | null = null;
let codeRulesLoad: Promise<CodeRules> | null = null;

/**
 * The shared schema (and zod with it) is not part of the portal's first screen (decision 300, like the
 * login form's rules, decision 103): it loads on the first keystroke or once the page has been quiet
 * for a while after loading, whichever comes first — not on focus, which the portal gives the field as
 * soon as it shows. A press before it arrives waits for it.
 */
function loadCodeRules(): Promise<CodeRules> {
  codeRulesLoad ??= import('../../domain/schemas/codes').then((schemas) => (codeRules = schemas.verifyCodeInputSchema));
  return codeRulesLoad;
}

/** The first message of the shared schema: 'Por favor, ingresa un código de token' for a blank code. */
function validationMessage(rules: CodeRules, code: string): string | null {
  const parsed = rules.safeParse({ code });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/**
 * 'Verificar Token' (part 2 §5 "Provider token form"): upper-case as typed, submit disabled while
 * blank or busy, and one result box: 'Token Válido' or 'Token Inválido' with the server's message.
 * Providers use it at the counter; HR uses it on /level2/requests for its company's own benefits
 * that name no provider (the server decides who may redeem what, issue 18 #13).
 */
export function VerifyTokenForm({ inputRef: givenRef, onRedeemed }: { inputRef?: RefObject<HTMLInputElement | null>; onRedeemed?: () => void }) {
  const ownRef = useRef<HTMLInputElement | null>(null);
  const inputRef = givenRef ?? ownRef;
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const verify = useVerifyCode();
  const pressKey = usePressKey();
  const isBlank = code.trim() === '';
  useEffect(() => whenIdle(() => void loadCodeRules().catch(() => undefined), 2000, 3000), []);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (codeRules) send(codeRules);
    else void loadCodeRules().then(send, () => setOutcome({ kind: 'unreachable', message: NETWORK_MESSAGE }));
  };

  const send = (rules: CodeRules) => {
    const invalid = validationMessage(rules, code);
    if (invalid) {
      setFieldError(invalid);
      inputRef.current?.focus();
      return;
    }
    if (verify.isPending) return;
    const trimmed = code.trim();
    setFieldError(null);
    setOutcome(null);
    verify.mutate(
      { code: trimmed, idempotencyKey: pressKey.keyFor(trimmed) },
      {
        onSuccess: (result) => {
          pressKey.settle();
          setOutcome({ kind: 'valid', result });
          setCode('');
          onRedeemed?.();
        },
        onError: (error) => {
          pressKey.settle(error);
          setOutcome(isTransientError(error) ? { kind: 'unreachable', message: messageOf(error) } : { kind: 'invalid', message: messageOf(error) });
          inputRef.current?.select();
        },
      },
    );
  };

  // The button is disabled while the field is blank, so Enter on a blank field would do nothing:
  // answer it with the spec's message instead.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && isBlank) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Card padding="lg" radius="lg" shadow="sm" withBorder={false}>
      <form onSubmit={submit} noValidate aria-labelledby="verify-token-title">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <IconScan size={28} color="#764ba2" aria-hidden />
            <div>
              <Title order={2} id="verify-token-title" fz={{ base: 22, sm: 26 }}>
                Verificar Token
              </Title>
              <Text size="sm" c="dimmed">
                Ingresa el código que te muestra el colaborador para canjear su beneficio.
              </Text>
            </div>
          </Group>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              ref={inputRef}
              aria-label="Código del token"
              placeholder="EJ: AB2C D3E4"
              size="xl"
              radius="md"
              value={code}
              onChange={(event) => {
                // Codes are upper-case A–Z0–9; lower case, spaces, hyphens and look-alikes (O, I, L) still find them.
                setCode(event.currentTarget.value.toUpperCase());
                void loadCodeRules().catch(() => undefined);
                if (fieldError) setFieldError(null);
              }}
              onKeyDown={onKeyDown}
              error={fieldError}
              autoComplete="off"
              autoCorrect="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
              classNames={{ input: classes.codeInput }}
              style={{ flex: '1 1 260px' }}
              data-testid="token-input"
            />
            <Button
              type="submit"
              size="xl"
              radius="md"
              className={classes.gradientButton}
              disabled={isBlank || verify.isPending}
              loading={verify.isPending}
              leftSection={<IconCircleCheck size={22} />}
              style={{ flex: '1 1 180px' }}
            >
              Verificar
            </Button>
          </Group>
          <ResultBox outcome={outcome} />
        </Stack>
      </form>
    </Card>
  );
}

function ResultBox({ outcome }: { outcome: Outcome | null }) {
  return (
    <div aria-live="polite" data-testid="verify-result">
      {outcome?.kind === 'valid' && (
        <Alert color="green" radius="md" variant="light" icon={<IconCircleCheck size={24} />} title="Token Válido" styles={{ title: { fontSize: 18 } }}>
          <Stack gap={6}>
            <Text>{outcome.result.message}</Text>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>Beneficio:</Text>
              <Text>{outcome.result.benefitName}</Text>
              <OriginBadge isBenefitJobby={outcome.result.isBenefitJobby} />
            </Group>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>Usuario:</Text>
              <Text>{outcome.result.userName}</Text>
            </Group>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>Código:</Text>
              <CodeText code={outcome.result.code} />
            </Group>
          </Stack>
        </Alert>
      )}
      {outcome?.kind === 'invalid' && (
        <Alert color="red" radius="md" variant="light" icon={<IconCircleX size={24} />} title="Token Inválido" styles={{ title: { fontSize: 18 } }}>
          <Text data-testid="verify-error">{outcome.message}</Text>
        </Alert>
      )}
      {outcome?.kind === 'unreachable' && (
        <Alert color="yellow" radius="md" variant="light" icon={<IconWifiOff size={24} />} title="No se pudo verificar">
          <Text>{outcome.message}</Text>
          <Text size="sm" c="dimmed" mt={4}>
            Puedes presionar «Verificar» otra vez: el token no se canjeará dos veces.
          </Text>
        </Alert>
      )}
    </div>
  );
}
