import { useState, type CSSProperties } from 'react';
import { Navigate } from 'react-router';
import { Slider } from '@mantine/core';
import {
  BENEFIT_PRIORITIES,
  CAREER_GOALS,
  LIFESTYLE_DEFAULT,
  LIFESTYLE_MAX,
  LIFESTYLE_MIN,
  LIFESTYLE_SLIDERS,
  PERSONALITY_QUADRANTS,
  SURVEY_B_REDIRECT_MS,
  SURVEY_B_STEPS,
  SURVEY_TEXTS,
  TIMELINE_POINTS,
  type BenefitPriorityId,
  type CareerGoalId,
  type LifestyleSliderId,
  type PersonalityId,
  type TimelinePointId,
} from '#domain/surveys';
import { useMe } from '../../api/session';
import { useSaveSurveyB } from '../../api/surveys';
import { IconBrain } from '@tabler/icons-react';
import { OptionIcon } from './option-icons';
import { ParticleCanvas } from './particle-canvas';
import { PriorityList } from './priority-list';
import { CenteredScreen, SurveyFrame, SurveyProgress, useRedirectAfter, useTransientMessage } from './survey-frame';
import classes from './survey.module.css';
import b from './survey-b.module.css';
import { href, paths } from '#domain/paths';

const DEFAULT_LIFESTYLE = Object.fromEntries(LIFESTYLE_SLIDERS.map((s) => [s.id, LIFESTYLE_DEFAULT])) as Record<LifestyleSliderId, number>;

const TITLES = [
  'Bienvenido a la experiencia avanzada',
  '¿Cuál es tu estilo de trabajo?',
  'Ordena tus prioridades',
  'Tu estilo de vida',
  'Tu visión a 3 años',
];

/** `/level3/survey-b`: the experimental survey for type B users (part 2 "Survey B"). */
export default function SurveyBPage() {
  const { data: me } = useMe();
  const [isDone, setIsDone] = useState(false);
  if (me && me.userType !== 'B') return <Navigate to={href(paths.employee.survey)} replace />;
  return (
    <SurveyFrame className={b.screenB} background={<ParticleCanvas className={b.particles} />}>
      {isDone ? <Results /> : <SurveyBSteps onSaved={() => setIsDone(true)} />}
    </SurveyFrame>
  );
}

function Results() {
  useRedirectAfter(href(paths.employee.dashboard), SURVEY_B_REDIRECT_MS);
  return (
    <CenteredScreen>
      <div className={classes.pulse} aria-hidden="true"><IconBrain size={48} stroke={1.5} /></div>
      <h1 className={b.glowTitle}>{SURVEY_TEXTS.completedB}</h1>
      <p className={classes.lead}>Con tu perfil ajustaremos tus recomendaciones. Te llevamos a tu inicio...</p>
    </CenteredScreen>
  );
}

function SurveyBSteps({ onSaved }: { onSaved: () => void }) {
  const [step, setStep] = useState(0);
  const [personality, setPersonality] = useState<PersonalityId | null>(null);
  const [priorities, setPriorities] = useState<BenefitPriorityId[]>(BENEFIT_PRIORITIES.map((p) => p.id));
  const [lifestyle, setLifestyle] = useState(DEFAULT_LIFESTYLE);
  const [vision, setVision] = useState<Partial<Record<TimelinePointId, CareerGoalId>>>({});
  const [error, setError] = useTransientMessage();
  const save = useSaveSurveyB();

  const isVisionComplete = TIMELINE_POINTS.every((p) => vision[p.id]);
  const canContinue = step === 1 ? Boolean(personality) : step === 4 ? isVisionComplete && !save.isPending : true;
  const isLast = step === SURVEY_B_STEPS - 1;

  const next = () => {
    if (!isLast) {
      setStep(step + 1);
      window.scrollTo({ top: 0 });
      return;
    }
    if (!personality || !isVisionComplete) return;
    setError(null);
    save.mutate(
      { personalityMatrix: personality, benefitPriorities: priorities, lifestyleAssessment: lifestyle, futureVision: vision as Record<TimelinePointId, CareerGoalId> },
      { onSuccess: onSaved, onError: () => setError(SURVEY_TEXTS.saveFailedB) },
    );
  };

  return (
    <div className={classes.content}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
        <div style={{ flex: 1 }}>
          <SurveyProgress value={(step + 1) / SURVEY_B_STEPS} label={`Paso ${step + 1} de ${SURVEY_B_STEPS}`} />
        </div>
        <span className={b.counter} data-testid="survey-b-counter">
          {step + 1} / {SURVEY_B_STEPS}
        </span>
      </div>
      <section key={step} className={classes.stepEnter} aria-labelledby="survey-b-title" style={{ display: 'flex', flexDirection: 'column', gap: 20 }}>
        <h1 id="survey-b-title" className={b.glowTitle}>
          {TITLES[step]}
        </h1>
        {step === 0 && (
          <p className={classes.lead}>
            Eres parte de nuestro grupo experimental. En cinco pasos conoceremos tu estilo, tus prioridades y hacia dónde quieres crecer.
          </p>
        )}
        {step === 1 && (
          <div className={b.matrix} role="radiogroup" aria-labelledby="survey-b-title">
            {PERSONALITY_QUADRANTS.map((q) => (
              <button
                key={q.id}
                type="button"
                role="radio"
                aria-checked={personality === q.id}
                className={b.quadrant}
                style={{ '--option-color': q.color } as CSSProperties}
                onClick={() => setPersonality(q.id)}
              >
                <OptionIcon id={q.id} />
                <span className={b.quadrantName}>{q.name}</span>
                <span className={b.quadrantText}>{q.description}</span>
              </button>
            ))}
          </div>
        )}
        {step === 2 && (
          <>
            <p className={classes.lead}>Arrastra para ordenar, de la más importante a la menos. Con el teclado: espacio para tomar, flechas para mover, espacio para soltar.</p>
            <PriorityList order={priorities} onChange={setPriorities} />
          </>
        )}
        {step === 3 && (
          <div className={b.sliders}>
            {LIFESTYLE_SLIDERS.map((s) => (
              <div key={s.id}>
                <div className={b.sliderHead}>
                  <span id={`slider-${s.id}`}>{s.name}</span>
                  <span className={b.sliderValue}>{lifestyle[s.id]}</span>
                </div>
                <Slider
                  min={LIFESTYLE_MIN}
                  max={LIFESTYLE_MAX}
                  value={lifestyle[s.id]}
                  onChange={(value) => setLifestyle((l) => ({ ...l, [s.id]: value }))}
                  color="cyan"
                  size="lg"
                  label={null}
                  thumbLabel={s.name}
                  thumbProps={{ 'aria-labelledby': `slider-${s.id}` } as object}
                />
                <div className={b.sliderEnds} aria-hidden="true">
                  <span>{s.low}</span>
                  <span>{s.high}</span>
                </div>
              </div>
            ))}
          </div>
        )}
        {step === 4 && (
          <div className={b.timeline}>
            {TIMELINE_POINTS.map((point) => (
              <label key={point.id} className={b.timelinePoint}>
                <span className={b.timelineLabel}>{point.name}</span>
                <select
                  aria-label={point.name}
                  className={b.select}
                  value={vision[point.id] ?? ''}
                  onChange={(event) => setVision((v) => ({ ...v, [point.id]: event.target.value as CareerGoalId }))}
                >
                  <option value="" disabled>
                    Elige una meta
                  </option>
                  {CAREER_GOALS.map((goal) => (
                    <option key={goal.id} value={goal.id}>
                      {goal.name}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
        )}
      </section>
      {error && (
        <div className={classes.alert} role="alert">
          {error}
        </div>
      )}
      <div className={classes.actions}>
        {step > 0 && (
          <button type="button" className={classes.ghostButton} onClick={() => setStep(step - 1)} disabled={save.isPending}>
            Atrás
          </button>
        )}
        <span className={classes.spacer} />
        <button type="button" data-primary className={`${classes.pillButton} ${b.primaryB}`} disabled={!canContinue} onClick={next}>
          {step === 0 ? 'Iniciar Experiencia' : isLast ? (save.isPending ? SURVEY_TEXTS.saving : 'Finalizar') : 'Continuar'}
        </button>
      </div>
    </div>
  );
}
