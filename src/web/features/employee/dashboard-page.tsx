import type { ComponentProps, ReactNode } from 'react';
import { Alert, Anchor, Badge, Box, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconBuilding, IconCalendarRepeat, IconGift, IconInbox, IconSparkles, IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ActiveCode, EmployeeDashboard } from '#domain/schemas/dashboard';
import { useEmployeeDashboard } from '../../api/employee';
import { useOnline } from '../../api/offline-snapshot';
import { useBalances } from '../../api/session';
import { useAfterFirstPaint } from '../../lib/when-idle';
import { BRAND } from '../../components/brand';
import { CounterCode } from '../../components/counter-code';
import { ErrorState } from '../../components/error-state';
import { OfflineNotice } from '../../components/offline-notice';
import { ACCENTS } from './benefit-accent';
import { BenefitCard, BenefitCardSkeleton } from './benefit-card';
import { PageNotice } from './benefit-grid';
import { RequestRow } from './my-requests-page';
import { RedeemModal, useRedeemModal } from './redeem-modal';
import { href, paths } from '#domain/paths';

/**
 * Where 'Desafíos Activos' leads. The spec's /level3/tokens is not a screen of its own: every code is
 * listed with its request in /level3/requests, and /level3/tokens redirects there (decision 49).
 */
const ALL_CODES_PATH = href(paths.employee.tokens);

/** /level3/dashboard (spec part 2 §2 "Employee dashboard"), from one call to GET /api/me/dashboard. */
export function EmployeeDashboardPage() {
  const dashboard = useEmployeeDashboard();
  const balances = useBalances(true);
  const online = useOnline();
  // The greeting, the hero and the tokens' card are the first screenful of a phone; the rest follows
  // once they are painted, its placeholder holding the place (decision 303).
  const showRest = useAfterFirstPaint();

  // Offline with nothing kept on this device: say so rather than load forever.
  if (dashboard.isPending && !online) return <OfflineNotice updatedAt={0} />;
  if (dashboard.isPending) return <DashboardSkeleton />;
  if (dashboard.isError) return <ErrorState message="Oops, algo salió mal" onRetry={() => void dashboard.refetch()} />;
  const data = dashboard.data;

  return (
    <Stack gap="xl" maw={1280}>
      <Greeting data={data} />
      {!online && <OfflineNotice updatedAt={dashboard.dataUpdatedAt} />}
      <Hero />
      <TokenExplanation jobby={balances.data?.jobby ?? data.balances.jobby} company={balances.data?.company ?? data.balances.company} />

      {showRest ? <DashboardRest data={data} balances={balances.data ?? data.balances} /> : <RestSkeleton />}
    </Stack>
  );
}

/** Below the first screenful: recommendations, recent requests, active codes and the redemption modal. */
function DashboardRest({ data, balances }: { data: EmployeeDashboard; balances: ComponentProps<typeof RedeemModal>['balances'] }) {
  const modal = useRedeemModal();
  return (
    <>
      <Section
        title="Recomendados para ti"
        description={data.hasPreferences ? 'Según las categorías que elegiste en tu encuesta.' : 'Una selección para que descubras algo nuevo.'}
        action={<SectionLink to={href(paths.employee.benefits)}>Ver todos los beneficios</SectionLink>}
      >
        {data.recommendations.length === 0 ? (
          <PageNotice icon={<IconGift size={28} />} title="Aún no hay beneficios para recomendarte" description="Estamos sumando nuevos beneficios de nuestros proveedores. Vuelve pronto." />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="recommendations">
            {data.recommendations.map((item) => (
              <BenefitCard key={item.id} item={item} onRedeem={modal.open} />
            ))}
          </SimpleGrid>
        )}
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card radius={22} padding="lg" component="section" aria-labelledby="recent-requests-title">
          <SectionHeading
            id="recent-requests-title"
            title="Solicitudes recientes"
            action={data.requestCount > 0 ? <SectionLink to={href(paths.employee.requests)}>{`Ver todas (${data.requestCount})`}</SectionLink> : undefined}
          />
          {data.recentRequests.length === 0 ? (
            <EmptyLine icon={<IconInbox size={20} />}>Aún no tienes solicitudes. Cuando canjees un beneficio, aquí verás su estado.</EmptyLine>
          ) : (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Solicitudes recientes">
              {data.recentRequests.map((request) => (
                <RequestRow key={request.id} request={request} />
              ))}
            </Stack>
          )}
        </Card>

        <Card radius={22} padding="lg" component="section" aria-labelledby="active-codes-title">
          <SectionHeading
            id="active-codes-title"
            title="Desafíos Activos"
            action={data.activeCodeCount > 0 ? <SectionLink to={ALL_CODES_PATH}>{`Ver todos (${data.activeCodeCount})`}</SectionLink> : undefined}
          />
          {data.activeCodes.length === 0 ? (
            <EmptyLine icon={<IconTicket size={20} />}>No tienes códigos activos. Canjea un beneficio y muestra su código al usarlo.</EmptyLine>
          ) : (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Códigos activos">
              {data.activeCodes.map((code) => (
                <ActiveCodeRow key={code.code} code={code} />
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>

      <RedeemModal item={modal.item} opened={modal.opened} session={modal.session} onClose={modal.close} balances={balances} />
    </>
  );
}

/** What DashboardRest will fill, while the first screenful paints: the recommendations' place. */
function RestSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      <Skeleton height={50} width={280} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {Array.from({ length: 3 }, (_, i) => (
          <BenefitCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function Greeting({ data }: { data: EmployeeDashboard }) {
  return (
    <Stack gap={6}>
      <Title order={1} size="h2">¡Hola, {data.firstName}!</Title>
      {data.companyName ? (
        <Group gap={6} c="dimmed">
          <IconBuilding size={18} aria-hidden />
          <Text c="dimmed" data-testid="dashboard-company">
            {data.companyName}
          </Text>
        </Group>
      ) : (
        <Alert color="yellow" variant="light" radius="lg" icon={<IconBuilding size={18} aria-hidden />} title="Empresa no asignada" data-testid="dashboard-company">
          Aún no perteneces a una empresa en Jobby: pide a Recursos Humanos que te agregue para ver los beneficios y tokens de tu empresa.
        </Alert>
      )}
    </Stack>
  );
}

function Hero() {
  return (
    <Box p={{ base: 'lg', sm: 'xl' }} style={{ background: BRAND.violetGradient, borderRadius: 24, color: '#fff' }}>
      <Group justify="space-between" align="center" gap="lg">
        <Stack gap={6} style={{ flex: '1 1 320px' }}>
          <Group gap={8}>
            <IconSparkles size={22} aria-hidden />
            <Text fw={600} c="white" size="sm" tt="uppercase" style={{ letterSpacing: 1 }}>
              Beneficios flexibles
            </Text>
          </Group>
          <Text fw={800} c="white" fz={{ base: 24, sm: 30 }} lh={1.2}>
            Descubre beneficios pensados para ti
          </Text>
          <Text c="white" opacity={0.92}>
            Comidas, experiencias, regalos y más: elige el tuyo y canjéalo con tus tokens.
          </Text>
        </Stack>
        <Button component={Link} to={href(paths.employee.benefits)} size="lg" radius="xl" variant="white" color="dark" rightSection={<IconArrowRight size={18} aria-hidden />}>
          Explorar beneficios
        </Button>
      </Group>
    </Box>
  );
}

/** Spec part 2 §1: tokens are granted each month and previous months accumulate. */
function TokenExplanation({ jobby, company }: { jobby: number; company: number }) {
  return (
    <Card radius={22} padding="lg" component="section" aria-labelledby="tokens-title">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Stack gap={6} style={{ flex: '1 1 320px' }}>
          <Group gap={10}>
            <ThemeIcon size={36} radius="xl" variant="light" color="brand">
              <IconCalendarRepeat size={20} aria-hidden />
            </ThemeIcon>
            <Title order={3} fz="lg" id="tokens-title">
              ¿Cómo funcionan tus tokens?
            </Title>
          </Group>
          <Text>Cada mes recibes tokens para canjear beneficios. Los que no uses no se pierden: los tokens de meses anteriores se acumulan en tu saldo.</Text>
          <Text size="sm" c="dimmed">
            Los tokens Flexibles sirven para los beneficios de nuestros proveedores; los de Empresa, para los beneficios que ofrece tu empresa.
          </Text>
        </Stack>
        <Group gap="sm" wrap="nowrap" style={{ flex: '0 1 auto' }}>
          <BalanceTile label={ACCENTS.platform.tokenLabel} value={jobby} gradient={ACCENTS.platform.gradient} color={ACCENTS.platform.onGradient} />
          <BalanceTile label={ACCENTS.company.tokenLabel} value={company} gradient={ACCENTS.company.gradient} color={ACCENTS.company.onGradient} />
        </Group>
      </Group>
    </Card>
  );
}

function BalanceTile({ label, value, gradient, color }: { label: string; value: number; gradient: string; color: string }) {
  return (
    <Box px="lg" py="sm" miw={120} style={{ background: gradient, color, borderRadius: 18 }} aria-label={`Tokens ${label}: ${value}`}>
      <Text size="sm" fw={600} c="inherit">
        {label}
      </Text>
      <Text fz={30} fw={800} lh={1.1} c="inherit">
        {value}
      </Text>
      <Text size="xs" c="inherit">
        {value === 1 ? 'token' : 'tokens'}
      </Text>
    </Box>
  );
}

/** A code usable at a counter: its benefit, then its QR, characters, place and expiry. */
function ActiveCodeRow({ code }: { code: ActiveCode }) {
  const accent = code.isBenefitJobby ? ACCENTS.platform : ACCENTS.company;
  return (
    <Box component="li" p="md" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 18 }} data-testid="active-code">
      <Group justify="space-between" gap="sm" wrap="wrap" mb="sm">
        <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {code.benefitName}
        </Text>
        <Badge size="sm" radius="xl" style={{ background: accent.gradient, color: accent.onGradient }}>
          {accent.badge}
        </Badge>
      </Group>
      <CounterCode
        code={code.code}
        expiresAt={code.expiresAt}
        providerName={code.providerName}
        providerAddress={code.providerAddress}
        providerInstructions={code.providerInstructions}
        instructions={code.instructions}
        qrSize={136}
      />
    </Box>
  );
}

function Section({ title, description, action, children }: { title: string; description: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="md" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Box>
          <Title order={3}>{title}</Title>
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        </Box>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

function SectionHeading({ id, title, action }: { id: string; title: string; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" mb="md" gap="sm">
      <Title order={3} fz="lg" id={id}>
        {title}
      </Title>
      {action}
    </Group>
  );
}

function SectionLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} fw={600} size="sm">
      {children} →
    </Anchor>
  );
}

function EmptyLine({ icon, children }: { icon: ReactNode; children: string }) {
  return (
    <Group gap="sm" wrap="nowrap" c="dimmed">
      {icon}
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}

function DashboardSkeleton() {
  return (
    <Stack gap="xl" maw={1280} role="status" aria-live="polite" aria-label="Cargando tu inicio...">
      <Skeleton height={34} width={260} />
      <Skeleton height={150} radius={24} />
      <Skeleton height={120} radius={22} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {Array.from({ length: 3 }, (_, i) => (
          <BenefitCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
