import { Badge } from '@mantine/core';
import type { SurveyType } from '#domain/surveys';

export function SurveyTypeBadge({ type }: { type: SurveyType }) {
  return (
    <Badge variant="light" color={type === 'A' ? 'admin' : 'grape'} miw="max-content">
      Encuesta {type}
    </Badge>
  );
}
