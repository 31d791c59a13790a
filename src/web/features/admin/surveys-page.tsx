import { useState } from 'react';
import { Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconBuilding, IconClipboardList } from '@tabler/icons-react';
import { formatDateTime } from '#domain/dates';
import type { SurveyCard } from '#domain/schemas/surveys';
import type { SurveyType } from '#domain/surveys';
import { useAdminSurveys } from '../../api/surveys';
import { DataTable, pagedTableProps, useTableSearch } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { SurveyDetailModal } from './survey-detail-modal';
import { SurveyTypeBadge } from './survey-type-badge';

const PAGE_SIZE = 12;

const TYPE_FILTERS = [
  { value: 'all', label: 'Todas' },
  { value: 'A', label: 'Encuesta A' },
  { value: 'B', label: 'Encuesta B' },
];

function SurveyCardView({ survey, onOpen }: { survey: SurveyCard; onOpen: () => void }) {
  return (
    <Card withBorder radius="md" padding="md" h="100%" component="article" aria-label={`Encuesta de ${survey.userName}`}>
      <Stack gap={6} h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} truncate>
              {survey.userName}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {survey.email}
            </Text>
          </div>
          <SurveyTypeBadge type={survey.surveyType} />
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconBuilding size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" truncate>
            {survey.companyName ?? 'Empresa no asignada'}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          Completada el {formatDateTime(survey.completedAt)}
        </Text>
        <Button variant="light" color="admin" mt="auto" onClick={onOpen} aria-label={`Ver respuestas de ${survey.userName}`}>
          Ver respuestas
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * /level1/surveys (spec part 1 §2 "Surveys"): the completed surveys A and B as cards, searchable and paged;
 * a card opens every answer by its Spanish name and the company's summary (decision 56).
 */
export function SurveysPage() {
  const [type, setType] = useState<SurveyType | null>(null);
  const { search, page, setPage, tableProps } = useTableSearch();
  const [openId, setOpenId] = useState<string | null>(null);
  const surveys = useAdminSurveys({ search, type, page, pageSize: PAGE_SIZE });

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader title="Encuestas" description="Las encuestas de perfilamiento completadas por los colaboradores y lo que prefiere cada empresa." />
      <DataTable<SurveyCard>
        label="Encuestas completadas"
        columns={[]}
        renderCard={(survey) => <SurveyCardView survey={survey} onOpen={() => setOpenId(survey.id)} />}
        {...pagedTableProps(surveys)}
        rowKey={(survey) => survey.id}
        pageSize={PAGE_SIZE}
        {...tableProps}
        searchPlaceholder="Buscar por nombre, correo o empresa"
        filters={
          <SegmentedControl
            aria-label="Tipo de encuesta"
            data={TYPE_FILTERS}
            value={type ?? 'all'}
            onChange={(value) => {
              setType(value === 'A' || value === 'B' ? value : null);
              setPage(1);
            }}
          />
        }
        isFiltered={type !== null}
        empty={{
          icon: <IconClipboardList size={28} />,
          title: 'Aún no hay encuestas completadas',
          description: 'Cuando los colaboradores completen su encuesta de perfilamiento, aparecerán aquí.',
        }}
        filteredEmpty={{ icon: <IconClipboardList size={28} />, title: 'Ninguna encuesta coincide con la búsqueda' }}
      />
      <SurveyDetailModal surveyId={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
