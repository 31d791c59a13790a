import { Alert } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';

/**
 * Where HR sees individual stress scores and conversations, why and on what basis
 * (decision 243): talking to the bot is the employee's choice, and the data serves their wellbeing only.
 */
export function PurposeNote() {
  return (
    <Alert color="blue" variant="light" icon={<IconShieldLock size={18} />} title="Por qué ves esta información">
      Conversar con el bot es voluntario: cada colaborador decide escribirle o responder sus check-ins. Ves sus puntajes y mensajes con un solo fin, cuidar su bienestar y ofrecer apoyo a tiempo.
      No los uses para evaluar desempeño ni para decisiones laborales sobre la persona, y no los compartas fuera del equipo de RR.HH.
    </Alert>
  );
}
