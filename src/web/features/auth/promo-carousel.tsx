import { useState } from 'react';
import { Box, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useEffect } from 'react';
import { IconDiscount2, IconHeartbeat, IconMovie, IconToolsKitchen2 } from '@tabler/icons-react';
import { LOGIN_CAROUSEL_INTERVAL_MS } from '#domain/constants';

const SLIDES = [
  { title: 'Descuentos que sí usas', text: 'Cupones y cashback en tus marcas favoritas, canjeados con tus tokens.', icon: IconDiscount2, background: 'linear-gradient(135deg, #6B3AA0 0%, #8B5BA8 100%)' },
  { title: 'Tu bienestar primero', text: 'Yoga, salud y tiempo libre: beneficios pensados para sentirte mejor.', icon: IconHeartbeat, background: 'linear-gradient(135deg, #4169E1 0%, #764ba2 100%)' },
  { title: 'Entretención para todos', text: 'Cine, teatro y eventos del mes para disfrutar con quien quieras.', icon: IconMovie, background: 'linear-gradient(135deg, #FF7F50 0%, #C9A23E 100%)' },
  { title: 'Comer rico, sin culpa', text: 'Almuerzos, cafés y delivery con los proveedores de Jobby.', icon: IconToolsKitchen2, background: 'linear-gradient(135deg, #D4A645 0%, #773D76 100%)' },
];

/** Four promo slides, one every 5 s, dots to pick one (part 1 "/login"). */
export function PromoCarousel() {
  const [active, setActive] = useState(0);
  const interval = useInterval(() => setActive((i) => (i + 1) % SLIDES.length), LOGIN_CAROUSEL_INTERVAL_MS);
  useEffect(() => {
    interval.start();
    return interval.stop;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const pick = (index: number) => {
    setActive(index);
    interval.stop();
    interval.start();
  };

  return (
    <Box pos="relative" h="100%" mih={{ base: 340, md: '100vh' }} style={{ overflow: 'hidden' }} aria-roledescription="carrusel" aria-label="Beneficios de Jobby">
      {SLIDES.map((slide, index) => {
        const Icon = slide.icon;
        return (
          <Stack
            key={slide.title}
            pos="absolute"
            inset={0}
            justify="center"
            align="center"
            px="xl"
            pt="xl"
            // Room under the text for the dots (on a phone they covered the last line).
            pb={72}
            aria-hidden={index !== active}
            data-testid={index === active ? 'promo-slide-active' : undefined}
            style={{ background: slide.background, color: '#fff', opacity: index === active ? 1 : 0, transition: 'opacity 600ms ease' }}
          >
            <Icon size={88} stroke={1.3} />
            <Title order={2} c="white" ta="center">
              {slide.title}
            </Title>
            <Text c="white" ta="center" maw={380} size="lg" style={{ opacity: 0.92 }}>
              {slide.text}
            </Text>
          </Stack>
        );
      })}
      {/* Each dot is drawn 10 px high inside a 24 px button: the touch target WCAG 2.2 asks for (2.5.8). */}
      <Group pos="absolute" bottom={21} left={0} right={0} justify="center" gap={0}>
        {SLIDES.map((slide, index) => (
          <UnstyledButton
            key={slide.title}
            onClick={() => pick(index)}
            aria-label={`Ver diapositiva ${index + 1}: ${slide.title}`}
            aria-current={index === active}
            style={{ minWidth: 24, height: 24, padding: '7px 5px', display: 'flex' }}
          >
            <span style={{ width: index === active ? 28 : 10, height: 10, borderRadius: 10, background: index === active ? '#fff' : 'rgba(255,255,255,0.5)', transition: 'width 300ms ease' }} />
          </UnstyledButton>
        ))}
      </Group>
    </Box>
  );
}
