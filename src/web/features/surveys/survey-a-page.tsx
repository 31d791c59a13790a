import { useEffect, useState, type CSSProperties } from 'react';
import { Navigate } from 'react-router';
import {
  GENERATIONAL_MEMORIES,
  SATISFACTION_LEVELS,
  SURVEY_A_REDIRECT_MS,
  SURVEY_A_STEPS,
  SURVEY_INTRO_ANIMATION_MS,
  SURVEY_MAX_CATEGORIES,
  SURVEY_TEXTS,
  SURVEY_TYPE_B_REDIRECT_MS,
  type GenerationalMemoryId,
  type SatisfactionLevelId,
} from '#domain/surveys';
import { BENEFIT_CATEGORIES, type BenefitCategoryId } from '#domain/constants';
import { messageOf } from '../../api/client';
import { useMe } from '../../api/session';
import { useMySurveyA, useSaveSurveyA } from '../../api/surveys';
import { IconFlask, IconHandStop, IconSearch, IconSparkles } from '@tabler/icons-react';
import { OptionIcon } from './option-icons';
import { Blobs, CenteredScreen, SurveyFrame, SurveyProgress, useRedirectAfter, useTransientMessage } from './survey-frame';
import classes from './survey.module.css';
import { href, paths } from '#domain/paths';

type Answers = {
  generationalMemory: GenerationalMemoryId | null;
  categories: BenefitCategoryId[];
  satisfactionLevel: SatisfactionLevelId | null;
};

const EMPTY: Answers = { generationalMemory: null, categories: [], satisfactionLevel: null };

/** Up to three, in pick order; a click on a chosen one removes it, a fourth is ignored (spec part 2 §5). */
export function toggleCategory(picked: BenefitCategoryId[], id: BenefitCategoryId): BenefitCategoryId[] {
  if (picked.includes(id)) return picked.filter((c) => c !== id);
  if (picked.length >= SURVEY_MAX_CATEGORIES) return picked;
  return [...picked, id];
}

/** `/level3/survey`: the type A profile survey (part 2 "Survey A", §4, §5). */
export default function SurveyAPage() {
  const { data: me, isPending: isMePending } = useMe();
  const isTypeA = me?.userType === 'A';
  const previous = useMySurveyA(Boolean(me) && isTypeA);
  const [phase, setPhase] = useState<'intro' | 'steps' | 'celebrating'>('intro');

  if (!me && !isMePending) return <Navigate to="/login" replace />;
  if (isMePending || !me || (isTypeA && previous.isPending)) {
    return (
      <SurveyFrame background={<Blobs />}>
        <CenteredScreen>
          <div className={classes.pulse} aria-hidden="true"><IconSearch size={48} stroke={1.5} /></div>
          <p className={classes.lead}>{SURVEY_TEXTS.checking}</p>
        </CenteredScreen>
      </SurveyFrame>
    );
  }
  if (!isTypeA) return <TypeBNotice />;
  const initial: Answers = previous.data?.answers ?? EMPTY;
  return (
    <SurveyFrame background={<Blobs />}>
      {phase === 'intro' && <IntroAnimation onDone={() => setPhase('steps')} />}
      {phase === 'steps' && <SurveyASteps initial={initial} isRetake={Boolean(previous.data?.answers)} onSaved={() => setPhase('celebrating')} />}
      {phase === 'celebrating' && <Celebration />}
    </SurveyFrame>
  );
}

function TypeBNotice() {
  useRedirectAfter(href(paths.employee.surveyB), SURVEY_TYPE_B_REDIRECT_MS);
  return (
    <SurveyFrame background={<Blobs />}>
      <CenteredScreen>
        <div className={classes.pulse} aria-hidden="true"><IconFlask size={48} stroke={1.5} /></div>
        <h1 className={classes.title}>¡Eres parte de nuestro grupo experimental!</h1>
        <p className={classes.lead}>Preparamos para ti una encuesta avanzada. Te llevamos a ella en un momento...</p>
      </CenteredScreen>
    </SurveyFrame>
  );
}

/** The 4-second intro with the brand word (spec part 2 §9), on the animated panel background. */
function IntroAnimation({ onDone }: { onDone: () => void }) {
  useEffect(() => {
    const timer = window.setTimeout(onDone, SURVEY_INTRO_ANIMATION_MS);
    return () => window.clearTimeout(timer);
  }, [onDone]);
  return (
    <CenteredScreen>
      <div className={classes.brandWord} aria-label="jobby" role="img">
        {'jobby.'.split('').map((letter, index) => (
          <span key={index} aria-hidden="true">{letter}</span>
        ))}
      </div>
      <p className={classes.lead}>Tus beneficios, a tu manera</p>
    </CenteredScreen>
  );
}

function Celebration() {
  useRedirectAfter(href(paths.employee.dashboard), SURVEY_A_REDIRECT_MS);
  return (
    <CenteredScreen>
      <div className={classes.pulse} aria-hidden="true"><IconSparkles size={48} stroke={1.5} /></div>
      <h1 className={classes.title}>¡Gracias! Tu perfil está listo</h1>
      <p className={classes.lead}>Nuestra inteligencia está eligiendo los beneficios perfectos para ti</p>
      <div className={classes.dots} aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
    </CenteredScreen>
  );
}

const STEP_TITLES = [
  '',
  '¿Qué recuerdo te identifica más?',
  '¿Qué beneficios prefieres?',
  '¿Qué tan satisfecho estás con tus beneficios actuales?',
];

function SurveyASteps({ initial, isRetake, onSaved }: { initial: Answers; isRetake: boolean; onSaved: () => void }) {
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<Answers>(initial);
  const [alert, setAlert] = useTransientMessage();
  const save = useSaveSurveyA();
  // A new choice answers the last "please choose" message.
  useEffect(() => setAlert(null), [answers, setAlert]);

  const goTo = (next: number) => {
    setAlert(null);
    setStep(next);
    window.scrollTo({ top: 0 });
  };

  const finish = () => {
    if (!answers.satisfactionLevel) {
      setAlert(SURVEY_TEXTS.satisfactionRequired);
      return;
    }
    setAlert(null);
    save.mutate(
      { generationalMemory: answers.generationalMemory, categories: answers.categories, satisfactionLevel: answers.satisfactionLevel },
      { onSuccess: onSaved, onError: (error) => setAlert(SURVEY_TEXTS.saveFailedA(messageOf(error))) },
    );
  };

  // Continue looks disabled until a choice is made, and a press on it says what is missing (spec part 2 §5).
  const missing = [null, answers.generationalMemory ? null : SURVEY_TEXTS.generationalRequired, answers.categories.length ? null : SURVEY_TEXTS.categoriesRequired, answers.satisfactionLevel ? null : SURVEY_TEXTS.satisfactionRequired][step];
  const onContinue = () => {
    if (missing) return setAlert(missing);
    if (step === SURVEY_A_STEPS - 1) return finish();
    goTo(step + 1);
  };
  // 'Omitir' advances without a choice; on the last step the save still needs the satisfaction.
  const onSkip = () => (step === SURVEY_A_STEPS - 1 ? finish() : goTo(step + 1));

  const continueLabel =
    step === 0 ? 'Comenzar' : step === 2 ? `Continuar (${answers.categories.length}/${SURVEY_MAX_CATEGORIES})` : step === SURVEY_A_STEPS - 1 ? (save.isPending ? SURVEY_TEXTS.saving : 'Finalizar') : 'Continuar';

  return (
    <div className={classes.content}>
      <SurveyProgress value={(step + 1) / SURVEY_A_STEPS} label={`Paso ${step + 1} de ${SURVEY_A_STEPS}`} />
      <section key={step} className={classes.stepEnter} aria-labelledby="survey-step-title">
        {step === 0 ? (
          <div className={classes.centered} style={{ minHeight: 'auto', padding: '32px 0' }}>
            <div className={classes.pulse} aria-hidden="true"><IconHandStop size={48} stroke={1.5} /></div>
            <h1 id="survey-step-title" className={classes.title}>
              {isRetake ? 'Actualiza tu perfil de beneficios' : 'Conozcámonos un poco'}
            </h1>
            <p className={classes.lead}>
              Tres preguntas rápidas para recomendarte los beneficios que más te gustan. Toma menos de un minuto.
            </p>
          </div>
        ) : (
          <>
            <h1 id="survey-step-title" className={classes.title}>
              {STEP_TITLES[step]}
            </h1>
            {step === 2 && <p className={classes.lead}>Elige hasta {SURVEY_MAX_CATEGORIES}, en orden de preferencia.</p>}
          </>
        )}
        <div style={{ marginTop: 20 }}>
          {step === 1 && (
            <div className={classes.options}>
              {GENERATIONAL_MEMORIES.map((memory) => (
                <button
                  key={memory.id}
                  type="button"
                  className={classes.option}
                  style={{ '--option-color': memory.color } as CSSProperties}
                  aria-pressed={answers.generationalMemory === memory.id}
                  onClick={() => setAnswers((a) => ({ ...a, generationalMemory: memory.id }))}
                >
                  <OptionIcon id={memory.id} />
                  <span className={classes.optionName}>{memory.name}</span>
                  <span className={classes.optionText}>{memory.description}</span>
                  <span className={classes.optionEra}>{memory.era}</span>
                </button>
              ))}
            </div>
          )}
          {step === 2 && (
            <div className={classes.optionsWide}>
              {BENEFIT_CATEGORIES.map((category) => {
                const rank = answers.categories.indexOf(category.id);
                return (
                  <button
                    key={category.id}
                    type="button"
                    className={classes.option}
                    style={{ '--option-color': category.color } as CSSProperties}
                    aria-pressed={rank >= 0}
                    aria-label={rank >= 0 ? `${category.name}, preferencia ${rank + 1}` : category.name}
                    onClick={() => setAnswers((a) => ({ ...a, categories: toggleCategory(a.categories, category.id) }))}
                  >
                    {rank >= 0 && (
                      <span className={classes.rankBadge} data-testid={`rank-${category.id}`} aria-hidden="true">
                        {rank + 1}
                      </span>
                    )}
                    <OptionIcon id={category.id} />
                    <span className={classes.optionName}>{category.name}</span>
                    <span className={classes.optionText}>{category.description}</span>
                  </button>
                );
              })}
            </div>
          )}
          {step === 3 && (
            <div className={classes.optionsWide} role="radiogroup" aria-labelledby="survey-step-title">
              {SATISFACTION_LEVELS.map((level) => (
                <button
                  key={level.id}
                  type="button"
                  role="radio"
                  className={classes.option}
                  style={{ '--option-color': level.color } as CSSProperties}
                  aria-checked={answers.satisfactionLevel === level.id}
                  aria-label={level.title}
                  onClick={() => setAnswers((a) => ({ ...a, satisfactionLevel: level.id }))}
                >
                  <OptionIcon id={level.id} size={40} />
                  <span className={classes.optionName}>{level.title}</span>
                  <span className={classes.optionEra}>{level.subtitle}</span>
                  <span className={classes.optionText}>{level.description}</span>
                </button>
              ))}
            </div>
          )}
        </div>
      </section>
      {alert && (
        <div className={classes.alert} role="alert">
          {alert}
        </div>
      )}
      <div className={classes.actions}>
        {step > 0 && (
          <button type="button" className={classes.ghostButton} onClick={() => goTo(step - 1)} disabled={save.isPending}>
            Atrás
          </button>
        )}
        <span className={classes.spacer} />
        {step > 0 && (
          <button type="button" className={classes.ghostButton} onClick={onSkip} disabled={save.isPending}>
            Omitir
          </button>
        )}
        <button type="button" data-primary className={classes.primaryButton} aria-disabled={Boolean(missing) || save.isPending} onClick={save.isPending ? undefined : onContinue}>
          {continueLabel}
        </button>
      </div>
    </div>
  );
}
