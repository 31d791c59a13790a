import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconScan, IconSearch, IconWifiOff } from '@tabler/icons-react';
import type { verifyCodeInputSchema } from '../../domain/schemas/codes';
import type { VerifyCodeResult } from '../../domain/schemas/economy';
import { NETWORK_MESSAGE } from '../api/client';
import { CodeCheckResult, useCodeCheck } from './code-check';
import { whenIdle } from '../lib/when-idle';
import classes from './verify-token-form.module.css';

type CodeRules = typeof verifyCodeInputSchema;
let codeRules: CodeRules | null = null;
let codeRulesLoad: Promise<CodeRules> | null = null;

/**
 * The shared schema (and zod with it) is not part of the portal's first screen (decision 300, like the
 * login form's rules, decision 103): it loads on the first keystroke or once the page has been quiet
 * for a while after loading, whichever comes first. A press before it arrives waits for it.
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
 * 'Verificar Token' (spec part 2 §5 "Provider token form"): upper-case as typed, submit disabled while
 * blank or busy. 'Verificar' only looks the code up and shows what it is for; 'Confirmar canje' uses
 * it (decision 362: the same two steps, the same component, as the provider's scanner). The result box
 * says 'Token Válido' or 'Token Inválido' with the server's message.
 * Providers use it at the counter; HR uses it on /level2/requests for its company's own benefits
 * that name no provider (the server decides who may redeem what).
 */
export function VerifyTokenForm({ inputRef: givenRef, onRedeemed }: { inputRef?: RefObject<HTMLInputElement | null>; onRedeemed?: (result: VerifyCodeResult) => void }) {
  const ownRef = useRef<HTMLInputElement | null>(null);
  const inputRef = givenRef ?? ownRef;
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [rulesUnreachable, setRulesUnreachable] = useState(false);
  const codeCheck = useCodeCheck({
    onRedeemed: (result) => {
      setCode('');
      onRedeemed?.(result);
    },
  });
  const isBlank = code.trim() === '';
  useEffect(() => whenIdle(() => void loadCodeRules().catch(() => undefined), 2000, 3000), []);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setRulesUnreachable(false);
    if (codeRules) send(codeRules);
    else void loadCodeRules().then(send, () => setRulesUnreachable(true));
  };

  const send = (rules: CodeRules) => {
    const invalid = validationMessage(rules, code);
    if (invalid) {
      setFieldError(invalid);
      inputRef.current?.focus();
      return;
    }
    if (codeCheck.isBusy) return;
    setFieldError(null);
    codeCheck.check(code.trim(), { onRefused: () => inputRef.current?.select() });
  };

  /** 'Cancelar' beside the answer: nothing was used; the field is emptied for the next code. */
  const cancel = () => {
    codeCheck.reset();
    setCode('');
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
              placeholder="Ej.: AB2C D3E4"
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
              disabled={isBlank || codeCheck.isBusy}
              loading={codeCheck.lookup.isPending}
              leftSection={<IconSearch size={22} />}
              style={{ flex: '1 1 180px' }}
            >
              Verificar
            </Button>
          </Group>
          {rulesUnreachable ? (
            <Alert color="yellow" radius="md" variant="light" icon={<IconWifiOff size={24} />} title="No se pudo verificar">
              <Text>{NETWORK_MESSAGE}</Text>
            </Alert>
          ) : (
            <CodeCheckResult check={codeCheck} otherAction={{ label: 'Cancelar', onClick: cancel }} />
          )}
        </Stack>
      </form>
    </Card>
  );
}
