import { useRef, useState, type CSSProperties } from 'react';
import { Button, Card, Code, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconTerminal2 } from '@tabler/icons-react';
import { BRAND } from '../../components/brand';
import { PageIntro } from './benefit-grid';

/** Spec part 2 §9: the diagnostic page shows a placeholder balance, never the user's. */
const DIAGNOSTIC_PLACEHOLDER_BALANCE = 50;

/** The computed styles that decide whether a number is visible (the reason this page exists). */
const LOGGED_STYLES = ['display', 'visibility', 'opacity', 'color', '-webkit-text-fill-color', 'background-clip', 'font-family', 'font-size', 'font-weight', 'line-height', 'transform'] as const;

type VisualTest = { id: string; title: string; description: string; container: CSSProperties; number: CSSProperties };

/**
 * Five ways the token number is drawn in the app, each a known way for it to go missing on some
 * devices: the header's gradient card, gradient-clipped text, plain text, a 3D-transformed layer
 * and tabular figures.
 */
const VISUAL_TESTS: VisualTest[] = [
  {
    id: 'header-card',
    title: '1. Tarjeta del encabezado',
    description: 'Número blanco sobre el degradado morado, como en el encabezado.',
    container: { background: BRAND.flexibleGradient, borderRadius: 14, padding: '10px 18px' },
    number: { color: '#fff', fontWeight: 800, fontSize: 32 },
  },
  {
    id: 'gradient-text',
    title: '2. Texto con degradado',
    description: 'El degradado recortado al texto (background-clip: text).',
    container: { padding: '10px 18px' },
    number: { background: BRAND.violetGradient, WebkitBackgroundClip: 'text', backgroundClip: 'text', WebkitTextFillColor: 'transparent', color: 'transparent', fontWeight: 800, fontSize: 32 },
  },
  {
    id: 'solid-colour',
    title: '3. Color sólido',
    description: 'Sin degradados: el color de marca directamente.',
    container: { padding: '10px 18px' },
    number: { color: '#6B3AA0', fontWeight: 800, fontSize: 32 },
  },
  {
    id: 'transformed-layer',
    title: '4. Capa con transformación 3D',
    description: 'Dentro de una capa con perspectiva, como las tarjetas del carrusel.',
    container: { perspective: 600, padding: '10px 18px' },
    number: { display: 'inline-block', transform: 'translateZ(0) rotateY(8deg)', willChange: 'transform', color: '#6B3AA0', fontWeight: 800, fontSize: 32 },
  },
  {
    id: 'tabular-figures',
    title: '5. Cifras tabulares',
    description: 'Fuente monoespaciada con cifras de ancho fijo.',
    container: { padding: '10px 18px' },
    number: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontVariantNumeric: 'tabular-nums', color: 'var(--mantine-color-text)', fontWeight: 700, fontSize: 32 },
  },
];

function logStyles(kind: 'number' | 'container', elements: Map<string, HTMLElement>) {
  for (const [id, element] of elements) {
    const computed = getComputedStyle(element);
    const styles = Object.fromEntries(LOGGED_STYLES.map((name) => [name, computed.getPropertyValue(name)]));
    const { width, height } = element.getBoundingClientRect();
    console.log(`[diagnóstico] ${kind === 'number' ? 'número' : 'contenedor'} ${id}`, { ...styles, width, height, text: element.textContent });
  }
}

/** /level3/diagnostic (spec part 2 §2): how the token number renders on this device, for support. */
export function DiagnosticPage() {
  const numbers = useRef(new Map<string, HTMLElement>());
  const containers = useRef(new Map<string, HTMLElement>());
  const [logged, setLogged] = useState<string | null>(null);
  const { width, height } = useViewportSize();

  const log = (kind: 'number' | 'container') => {
    logStyles(kind, kind === 'number' ? numbers.current : containers.current);
    setLogged(kind === 'number' ? 'Estilos de los números registrados en la consola.' : 'Estilos de los contenedores registrados en la consola.');
  };

  return (
    <Stack gap="lg" maw={1100}>
      <PageIntro title="Diagnóstico de tokens">
        Cinco formas de mostrar tu saldo de tokens. Si en alguna no ves el número {DIAGNOSTIC_PLACEHOLDER_BALANCE}, cuéntale a soporte cuál es y comparte la información de tu dispositivo.
      </PageIntro>

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {VISUAL_TESTS.map((test) => (
          <Card key={test.id} radius={22} padding="lg" data-testid="diagnostic-test">
            <Title order={3} fz="md">
              {test.title}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {test.description}
            </Text>
            <Group justify="center" py="sm">
              <div
                style={test.container}
                ref={(el) => {
                  if (el) containers.current.set(test.id, el);
                  else containers.current.delete(test.id);
                }}
              >
                <span
                  style={test.number}
                  data-testid="diagnostic-number"
                  ref={(el) => {
                    if (el) numbers.current.set(test.id, el);
                    else numbers.current.delete(test.id);
                  }}
                >
                  {DIAGNOSTIC_PLACEHOLDER_BALANCE}
                </span>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>

      <Card radius={22} padding="lg" component="section" aria-labelledby="debug-title">
        <Title order={3} fz="lg" id="debug-title" mb="sm">
          Información del dispositivo
        </Title>
        <Table variant="vertical" layout="fixed" withTableBorder={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={{ base: 120, sm: 200 }}>Navegador</Table.Th>
              <Table.Td>
                <Code style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }} data-testid="debug-user-agent">
                  {navigator.userAgent}
                </Code>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Densidad de píxeles</Table.Th>
              <Table.Td data-testid="debug-pixel-ratio">{window.devicePixelRatio}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Tamaño de la ventana</Table.Th>
              <Table.Td data-testid="debug-window-size">
                {width || window.innerWidth} × {height || window.innerHeight} px
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Group mt="md" gap="sm">
          <Button leftSection={<IconTerminal2 size={18} aria-hidden />} radius="xl" onClick={() => log('number')}>
            Registrar estilos de los números
          </Button>
          <Button leftSection={<IconTerminal2 size={18} aria-hidden />} radius="xl" variant="default" onClick={() => log('container')}>
            Registrar estilos de los contenedores
          </Button>
        </Group>
        {logged && (
          <Text size="sm" c="dimmed" mt="sm" role="status">
            {logged}
          </Text>
        )}
      </Card>
    </Stack>
  );
}
