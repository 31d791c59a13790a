import type { ReactNode } from 'react';
import { Divider, Group, List, Modal, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDateTime } from '#domain/dates';
import type { CompanySurveySummary, SurveyDetail } from '#domain/schemas/surveys';
import {
  BENEFIT_PRIORITIES,
  CAREER_GOALS,
  GENERATIONAL_MEMORIES,
  LIFESTYLE_SLIDERS,
  optionName,
  PERSONALITY_QUADRANTS,
  SATISFACTION_LEVELS,
  TIMELINE_POINTS,
} from '#domain/surveys';
import { BENEFIT_CATEGORIES } from '#domain/constants';
import { messageOf } from '../../api/client';
import { useAdminSurvey, useCompanySurveySummary } from '../../api/surveys';
import { ErrorState } from '../../components/error-state';
import { SurveyTypeBadge } from './survey-type-badge';
import { plural } from '#domain/plural';

/** One answer: its question and, under it, the answer by its Spanish name. */
function Answer({ question, children }: { question: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {question}
      </Text>
      <div>{children}</div>
    </div>
  );
}

const NOT_ANSWERED = (
  <Text c="dimmed" fs="italic">
    Omitido
  </Text>
);

function RankedNames({ ids, options }: { ids: string[]; options: readonly { id: string; name: string }[] }) {
  if (ids.length === 0) return NOT_ANSWERED;
  return (
    <List type="ordered" spacing={2}>
      {ids.map((id) => (
        <List.Item key={id}>{optionName(options, id)}</List.Item>
      ))}
    </List>
  );
}

function SurveyAAnswers({ answers }: { answers: NonNullable<SurveyDetail['answersA']> }) {
  const memory = GENERATIONAL_MEMORIES.find((m) => m.id === answers.generationalMemory);
  const satisfaction = SATISFACTION_LEVELS.find((s) => s.id === answers.satisfactionLevel);
  return (
    <Stack gap="sm">
      <Answer question="Recuerdo generacional">
        {answers.generationalMemory === null ? NOT_ANSWERED : (
          <Text>
            {memory?.name ?? answers.generationalMemory}
            {memory && (
              <Text span c="dimmed" size="sm">
                {' '}
                · {memory.era}
              </Text>
            )}
          </Text>
        )}
      </Answer>
      <Answer question="Categorías favoritas (en orden)">
        <RankedNames ids={answers.categories} options={BENEFIT_CATEGORIES} />
      </Answer>
      <Answer question="Satisfacción con sus beneficios">
        {answers.satisfactionLevel === null ? NOT_ANSWERED : (
          <Text>
            {/* Without its emoji: where no emoji font is installed it shows as an empty box (decision 33). */}
            {satisfaction ? `${satisfaction.title} — ${satisfaction.subtitle}` : answers.satisfactionLevel}
          </Text>
        )}
      </Answer>
    </Stack>
  );
}

function SurveyBAnswers({ answers }: { answers: NonNullable<SurveyDetail['answersB']> }) {
  return (
    <Stack gap="sm">
      <Answer question="Perfil de personalidad">
        <Text>{answers.personalityMatrix ? optionName(PERSONALITY_QUADRANTS, answers.personalityMatrix) : 'Omitido'}</Text>
      </Answer>
      <Answer question="Prioridades de beneficios (de más a menos importante)">
        <RankedNames ids={answers.benefitPriorities} options={BENEFIT_PRIORITIES} />
      </Answer>
      <Answer question="Estilo de vida">
        <Stack gap={6} mt={4}>
          {LIFESTYLE_SLIDERS.map((slider) => {
            const value = answers.lifestyleAssessment[slider.id];
            return (
              <div key={slider.id}>
                <Group justify="space-between" gap="xs">
                  <Text size="sm">{slider.name}</Text>
                  <Text size="sm" fw={600}>
                    {value ?? '—'} / 100
                  </Text>
                </Group>
                <Progress value={value ?? 0} color="grape" size="sm" aria-label={`${slider.name}: ${value ?? 0} de 100`} />
              </div>
            );
          })}
        </Stack>
      </Answer>
      <Answer question="Visión a futuro">
        <Stack gap={2}>
          {TIMELINE_POINTS.map((point) => (
            <Text key={point.id} size="sm">
              <Text span fw={600}>
                {point.name}:
              </Text>{' '}
              {answers.futureVision[point.id] ? optionName(CAREER_GOALS, answers.futureVision[point.id]) : 'Omitido'}
            </Text>
          ))}
        </Stack>
      </Answer>
    </Stack>
  );
}

/** Counts as bars, each named, relative to the people who answered. */
function CountBars({ title, rows, of, options, extra }: { title: string; rows: { id: string; count: number }[]; of: number; options: readonly { id: string; name?: string; title?: string }[]; extra?: (id: string) => string | null }) {
  return (
    <div>
      <Text fw={700} size="sm" mb={4}>
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin respuestas aún
        </Text>
      ) : (
        <Stack gap={6}>
          {rows.map((row) => {
            const name = optionName(options, row.id);
            const note = extra?.(row.id);
            return (
              <div key={row.id}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" truncate>
                    {name}
                  </Text>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {plural(row.count, 'persona', 'personas')}
                  </Text>
                </Group>
                <Progress value={of > 0 ? (row.count / of) * 100 : 0} color="admin" size="sm" aria-label={`${name}: ${row.count} de ${of}`} />
                {note && (
                  <Text size="xs" c="dimmed">
                    {note}
                  </Text>
                )}
              </div>
            );
          })}
        </Stack>
      )}
    </div>
  );
}

function CompanySummary({ summary }: { summary: CompanySurveySummary }) {
  const firstChoices = new Map(summary.categories.map((c) => [c.id, c.firstChoice]));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={`Resumen de ${summary.companyName}`}>
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            Resumen de {summary.companyName}
          </Title>
          <Text size="sm" c="dimmed">
            {plural(summary.respondentsA, 'persona respondió', 'personas respondieron')} la encuesta A y {summary.respondentsB} la encuesta B.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <CountBars title="Recuerdos generacionales" rows={summary.memories} of={summary.respondentsA} options={GENERATIONAL_MEMORIES} />
          <CountBars
            title="Categorías favoritas"
            rows={summary.categories}
            of={summary.respondentsA}
            options={BENEFIT_CATEGORIES}
            extra={(id) => {
              const first = firstChoices.get(id) ?? 0;
              return first > 0 ? `${first} la ${first === 1 ? 'eligió' : 'eligieron'} en primer lugar` : null;
            }}
          />
          <CountBars title="Satisfacción" rows={summary.satisfaction} of={summary.respondentsA} options={SATISFACTION_LEVELS} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function SurveyBody({ survey }: { survey: SurveyDetail }) {
  const summary = useCompanySurveySummary(survey.companyId);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} fz="lg">
            {survey.userName}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {survey.email} · {survey.companyName ?? 'Empresa no asignada'}
          </Text>
          <Text size="sm" c="dimmed">
            Completada el {formatDateTime(survey.completedAt)}
            {survey.updatedAt && survey.updatedAt !== survey.completedAt ? ` · actualizada el ${formatDateTime(survey.updatedAt)}` : ''}
          </Text>
        </div>
        <SurveyTypeBadge type={survey.surveyType} />
      </Group>
      <Divider />
      {survey.answersA && <SurveyAAnswers answers={survey.answersA} />}
      {survey.answersB && <SurveyBAnswers answers={survey.answersB} />}
      {!survey.answersA && !survey.answersB && <Text c="dimmed">No hay respuestas guardadas para esta encuesta.</Text>}
      {survey.companyId &&
        (summary.isError ? (
          <ErrorState message={messageOf(summary.error)} onRetry={() => void summary.refetch()} />
        ) : summary.data ? (
          <CompanySummary summary={summary.data} />
        ) : (
          <Skeleton height={160} radius="md" />
        ))}
    </Stack>
  );
}

/** One survey's answers by their Spanish names (never the stored ids) and its company's summary. */
export function SurveyDetailModal({ surveyId, onClose }: { surveyId: string | null; onClose: () => void }) {
  const survey = useAdminSurvey(surveyId);
  const isPhone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={surveyId !== null} onClose={onClose} title="Respuestas de la encuesta" size="xl" fullScreen={isPhone} centered>
      {survey.isError ? (
        <ErrorState message={messageOf(survey.error)} onRetry={() => void survey.refetch()} />
      ) : survey.data ? (
        <SurveyBody survey={survey.data} />
      ) : (
        <Stack gap="sm" role="status" aria-label="Cargando">
          <Skeleton height={28} width="60%" />
          <Skeleton height={120} />
          <Skeleton height={160} />
        </Stack>
      )}
    </Modal>
  );
}
