import { useState } from 'react';
import { Button, Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconPlus, IconRefresh, IconTrophy } from '@tabler/icons-react';
import { formatDateTime } from '#domain/dates';
import { CONDITION_LABELS, type AchievementAnalysis, type AchievementRule } from '#domain/schemas/engine';
import { messageOf } from '../../api/client';
import { useAchievementAnalysis, useAchievementRules, useDeleteRule, useSetRuleStatus } from '../../api/achievements';
import { Banner, useBanner } from '../../components/banner';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, pagedTableProps, SimpleTable, type DataTableColumn } from '../../components/data-table';
import { actionsColumn, recordStatusColumn } from '../../components/data-table-columns';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { StatCardRow } from '../../components/stat-cards';
import { AchievementRuleModal } from './achievement-rule-modal';
import { plural, tokens } from '#domain/plural';

const PAGE_SIZE = 10;

function conditionText(rule: AchievementRule): string {
  switch (rule.conditionType) {
    case 'same_provider_timeframe':
      return `${plural(rule.conditionMinUsers ?? 0, 'usuario', 'usuarios')} en ${rule.conditionValue} min`;
    case 'tokens_used_count':
      return plural(rule.conditionValue ?? 0, 'código usado', 'códigos usados');
    case 'consecutive_days':
      return plural(rule.conditionValue ?? 0, 'día seguido', 'días seguidos');
    default:
      return '';
  }
}

function RulesTab() {
  const [page, setPage] = useState(1);
  const rules = useAchievementRules(page, PAGE_SIZE);
  // The rule form: closed, a new rule (null), or the rule being edited.
  const [editing, setEditing] = useState<AchievementRule | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AchievementRule | null>(null);
  const setStatus = useSetRuleStatus();
  const remove = useDeleteRule();
  const { banner, showSuccess, showError, clear } = useBanner();

  const columns: DataTableColumn<AchievementRule>[] = [
    {
      key: 'name',
      header: 'Regla',
      render: (r) => (
        <div>
          <Text fw={600}>{r.name}</Text>
          <Text size="xs" c="dimmed">
            {r.description}
          </Text>
        </div>
      ),
    },
    {
      key: 'condition',
      header: 'Condición',
      render: (r) => (
        <div>
          <Text size="sm">{CONDITION_LABELS[r.conditionType]}</Text>
          <Text size="xs" c="dimmed">
            {conditionText(r)}
          </Text>
        </div>
      ),
    },
    { key: 'reward', header: 'Recompensa', noWrap: true, render: (r) => tokens(r.rewardTokens) },
    { key: 'grants', header: 'Otorgada', noWrap: true, render: (r) => plural(r.grants, 'vez', 'veces') },
    recordStatusColumn({ feminine: true }),
    actionsColumn((r) => (
      <Group gap={6} justify="flex-end" wrap="nowrap">
        <Button size="xs" variant="light" color="admin" aria-label={`Editar ${r.name}`} onClick={() => setEditing(r)}>
          Editar
        </Button>
        <Button
          size="xs"
          variant="light"
          color={r.status === 'active' ? 'orange' : 'green'}
          aria-label={`${r.status === 'active' ? 'Desactivar' : 'Activar'} ${r.name}`}
          onClick={() =>
            setStatus.mutate(
              { id: r.id, status: r.status === 'active' ? 'inactive' : 'active' },
              { onSuccess: () => showSuccess(r.status === 'active' ? 'Regla desactivada correctamente' : 'Regla activada correctamente'), onError: (e) => showError(messageOf(e)) },
            )
          }
        >
          {r.status === 'active' ? 'Desactivar' : 'Activar'}
        </Button>
        <Button size="xs" variant="light" color="red" aria-label={`Eliminar ${r.name}`} onClick={() => setDeleting(r)}>
          Eliminar
        </Button>
      </Group>
    )),
  ];

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button color="admin" leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
          Nueva regla
        </Button>
      </Group>
      <Banner banner={banner} onClose={clear} />
      <DataTable<AchievementRule>
        label="Reglas de logros"
        columns={columns}
        {...pagedTableProps(rules)}
        rowKey={(r) => r.id}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        empty={{ icon: <IconTrophy size={28} />, title: 'Aún no hay reglas', description: 'Crea una regla para premiar a los colaboradores con tokens.' }}
      />
      <AchievementRuleModal
        opened={editing !== undefined}
        rule={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          showSuccess(editing ? 'Regla actualizada correctamente' : 'Regla creada correctamente');
          setEditing(undefined);
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Eliminar regla"
        message={
          deleting && deleting.grants > 0
            ? `¿Eliminar la regla "${deleting.name}"? Ya fue otorgada: sus logros y recompensas se conservan en el historial.`
            : `¿Eliminar la regla "${deleting?.name ?? ''}"? Esta acción no se puede deshacer.`
        }
        confirmLabel="Eliminar"
        isDestructive
        isLoading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => showSuccess('Regla eliminada correctamente'),
            onError: (e) => showError(messageOf(e)),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </Stack>
  );
}

function AnalysisTab({ active }: { active: boolean }) {
  const analysis = useAchievementAnalysis(active);
  if (analysis.isPending) return <PageLoader label="Cargando análisis..." />;
  if (analysis.isError) return <ErrorState message={messageOf(analysis.error)} onRetry={() => void analysis.refetch()} />;
  const data = analysis.data;
  const grants = data.grantsPerRule.reduce((sum, r) => sum + r.grants, 0);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          Últimos 7 días
        </Text>
        <Button variant="light" color="admin" leftSection={<IconRefresh size={16} />} onClick={() => void analysis.refetch()} loading={analysis.isFetching}>
          Actualizar
        </Button>
      </Group>
      <StatCardRow
        items={[
          { label: 'Canjes conjuntos', value: data.jointGroups.length, description: `Colegas en el mismo proveedor en ${data.windowMinutes} min` },
          { label: 'Uso en fin de semana', value: data.weekendUses, description: 'Códigos usados sábado o domingo' },
          { label: 'Logros otorgados', value: grants, description: 'Todas las reglas' },
        ]}
      />
      <Card padding="md">
        <Text fw={700} mb="xs">
          Canjes conjuntos
        </Text>
        {data.jointGroups.length === 0 ? (
          <Text size="sm" c="dimmed">
            No hubo canjes conjuntos en los últimos 7 días
          </Text>
        ) : (
          <SimpleTable
            minWidth={480}
            columns={JOINT_GROUP_COLUMNS}
            rows={data.jointGroups}
            rowKey={(g) => `${g.companyName}-${g.providerName}-${g.startedAt}`}
          />
        )}
      </Card>
      <Card padding="md">
        <Text fw={700} mb="xs">
          Logros otorgados por regla
        </Text>
        {data.grantsPerRule.length === 0 ? (
          <Text size="sm" c="dimmed">
            No se otorgaron logros en los últimos 7 días
          </Text>
        ) : (
          <Stack gap={4}>
            {data.grantsPerRule.map((r) => (
              <Group key={r.ruleId} justify="space-between" wrap="nowrap">
                <Text size="sm">{r.ruleName}</Text>
                <Text size="sm" fw={600}>
                  {r.grants} · {tokens(r.tokens)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}

const JOINT_GROUP_COLUMNS: DataTableColumn<AchievementAnalysis['jointGroups'][number]>[] = [
  { key: 'company', header: 'Empresa', render: (g) => g.companyName },
  { key: 'provider', header: 'Proveedor', render: (g) => g.providerName },
  { key: 'start', header: 'Inicio', render: (g) => formatDateTime(g.startedAt) },
  { key: 'users', header: 'Colaboradores', render: (g) => g.users },
];

/** /level1/achievements (spec part 1 §2 'Logros'): tabs 'Reglas' and 'Análisis Reciente'. */
export function AchievementsPage() {
  const [tab, setTab] = useState<string | null>('rules');
  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader title="Logros" description="Reglas que premian con tokens flexibles, y la actividad de los últimos 7 días." />
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="rules">Reglas</Tabs.Tab>
          <Tabs.Tab value="analysis">Análisis Reciente</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rules" pt="md">
          <RulesTab />
        </Tabs.Panel>
        <Tabs.Panel value="analysis" pt="md">
          <AnalysisTab active={tab === 'analysis'} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
