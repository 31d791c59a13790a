import { useEffect, useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, List, Modal, Paper, Progress, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { IMPORT_CHUNK_SIZE, IMPORT_TEMPLATE_CSV, parseCsv, sheetToImportRows, type ImportRow } from '#domain/employee-import';
import { plural } from '#domain/plural';
import type { EmployeeImportPreview, InvalidImportRow } from '#domain/schemas/hr';
import { messageOf, newIdempotencyKey } from '../../api/client';
import { postEmployeeImport, useImportPreview, useRefreshHr } from '../../api/hr';
import { isTransientError } from '../../api/press-key';

type Chunk = { rows: ImportRow[]; key: string };
type Run = { done: number; total: number; created: number; existing: number; invalid: InvalidImportRow[]; left: Chunk[]; running: boolean; failed: string | null };

const NOT_READ = 'No se pudo leer el archivo. Usa un CSV o un Excel (.xlsx) con la fila de encabezados de la plantilla.';

/** The file's cells: a CSV read as text, an .xlsx by read-excel-file (loaded only when needed). */
async function readCells(file: File): Promise<unknown[][]> {
  if (/\.xlsx$/i.test(file.name)) {
    const { readSheet } = await import('read-excel-file/browser');
    return readSheet(file);
  }
  return parseCsv(await file.text());
}

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([IMPORT_TEMPLATE_CSV], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'plantilla-colaboradores.csv';
  link.click();
  URL.revokeObjectURL(url);
}

type ImportUsersModalOptions = { opened: boolean; onClose: () => void; onDone: (message: string) => void };

/**
 * 'Importar colaboradores': HR picks a CSV or .xlsx; the browser reads its rows and the
 * SERVER previews them (nothing written): who will be created, who is already there, and each invalid
 * row with its line and message. Confirming sends the rows to create in chunks of IMPORT_CHUNK_SIZE,
 * one server transaction and one Idempotency-Key each (kept for 'Reintentar'), with a progress bar.
 * Each new person gets an invitation by mail.
 */
export function ImportUsersModal({ opened, onClose, onDone }: ImportUsersModalOptions) {
  const preview = useImportPreview();
  const refresh = useRefreshHr();
  const [file, setFile] = useState<File | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [run, setRun] = useState<Run | null>(null);
  const runRef = useRef<Run | null>(null);
  const resetPreview = preview.reset;
  useEffect(() => {
    if (!opened) return;
    setFile(null);
    setReadError(null);
    setRows([]);
    setRun(null);
    runRef.current = null;
    resetPreview();
  }, [opened, resetPreview]);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setReadError(null);
    setRun(null);
    preview.reset();
    if (!chosen) return;
    let read: ReturnType<typeof sheetToImportRows>;
    try {
      read = sheetToImportRows(await readCells(chosen));
    } catch {
      setReadError(NOT_READ);
      return;
    }
    if ('error' in read) {
      setReadError(read.error);
      return;
    }
    setRows(read.rows);
    preview.mutate(read.rows);
  };

  const send = async (chunks: Chunk[], start: Run) => {
    const state: Run = { ...start, left: [...chunks], running: true, failed: null };
    setRun({ ...state });
    while (state.left.length > 0) {
      const chunk = state.left[0];
      try {
        const result = await postEmployeeImport(chunk.rows, chunk.key);
        state.created += result.created;
        state.existing += result.existing;
        state.invalid = [...state.invalid, ...result.invalid];
        state.done += chunk.rows.length;
        state.left = state.left.slice(1);
        setRun({ ...state });
      } catch (error) {
        // The chunk keeps its key: if it did commit, 'Reintentar' gets its first answer, nobody twice.
        state.failed = isTransientError(error)
          ? `${plural(state.total - state.done, 'fila no obtuvo', 'filas no obtuvieron')} respuesta. Reintentar las envía de nuevo sin duplicar a nadie.`
          : `Error al importar: ${messageOf(error)}`;
        break;
      }
    }
    state.running = false;
    runRef.current = state;
    setRun({ ...state });
    await refresh();
    if (state.left.length === 0 && state.invalid.length === 0) {
      onDone(`Importación completa: ${plural(state.created, 'usuario creado', 'usuarios creados')}, cada uno con una invitación por correo.`);
    }
  };

  const confirm = () => {
    const lines = new Set(preview.data?.create.map((r) => r.line));
    const toCreate = rows.filter((r) => lines.has(r.line));
    const chunks: Chunk[] = [];
    for (let i = 0; i < toCreate.length; i += IMPORT_CHUNK_SIZE) chunks.push({ rows: toCreate.slice(i, i + IMPORT_CHUNK_SIZE), key: newIdempotencyKey() });
    void send(chunks, { done: 0, total: toCreate.length, created: 0, existing: 0, invalid: [], left: chunks, running: true, failed: null });
  };

  const retry = () => {
    const state = runRef.current;
    if (state) void send(state.left, state);
  };

  const result = preview.data;
  const running = run?.running ?? false;
  const finished = run !== null && !running && run.left.length === 0;
  return (
    <Modal
      opened={opened}
      onClose={running ? () => undefined : onClose}
      title="Importar colaboradores"
      centered
      size="xl"
      closeOnClickOutside={!running}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <Stack gap="md">
        <Text size="sm">
          Sube un archivo CSV o Excel (.xlsx) con las columnas <b>Nombre</b> y <b>Correo</b>, y si quieres <b>Teléfono</b> y <b>Tipo</b> (A o B). Son las mismas
          columnas de «Exportar CSV». Antes de crear a nadie verás qué pasará con cada fila. Cada persona nueva recibe un correo para elegir su contraseña.
        </Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <FileInput
            label="Archivo"
            placeholder="Elige un .csv o .xlsx"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={(f) => void choose(f)}
            leftSection={<IconFileSpreadsheet size={16} />}
            clearable
            disabled={running}
            miw={260}
            style={{ flex: 1 }}
          />
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={downloadTemplate}>
            Descargar plantilla
          </Button>
        </Group>
        {readError && (
          <Alert color="red" role="alert">
            {readError}
          </Alert>
        )}
        {preview.isPending && <Text c="dimmed">Revisando {plural(rows.length, 'fila', 'filas')}...</Text>}
        {preview.isError && (
          <Alert color="red" role="alert">
            Error al revisar el archivo: {messageOf(preview.error)}
          </Alert>
        )}
        {result && !run && <PreviewSummary preview={result} />}
        {run && (
          <Stack gap={4} role="status" aria-live="polite">
            <Progress value={run.total ? (run.done / run.total) * 100 : 100} color="admin" animated={running} aria-label="Progreso de la importación" />
            <Text size="sm" c="dimmed" data-testid="import-progress">
              {run.done.toLocaleString('es-CL')} de {run.total.toLocaleString('es-CL')} procesados · {plural(run.created, 'creado', 'creados')}
              {run.existing > 0 ? ` · ${run.existing.toLocaleString('es-CL')} ya existían` : ''}
            </Text>
            {run.failed && <Alert color="orange">{run.failed}</Alert>}
            {finished && run.invalid.length > 0 && (
              <>
                <Alert color="orange">Algunas filas cambiaron desde la vista previa y no se importaron:</Alert>
                <InvalidRows rows={run.invalid} />
              </>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={running}>
            {finished ? 'Cerrar' : 'Cancelar'}
          </Button>
          {run?.failed && run.left.length > 0 && (
            <Button color="admin" onClick={retry} loading={running}>
              Reintentar
            </Button>
          )}
          {!run && (
            <Button color="admin" onClick={confirm} disabled={!result || result.create.length === 0}>
              {result && result.create.length > 0 ? `Importar ${plural(result.create.length, 'usuario', 'usuarios')}` : 'Importar'}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** Each refused row: its line and address, then the reason; a list, so it reads at phone width too. */
function InvalidRows({ rows }: { rows: InvalidImportRow[] }) {
  return (
    <ScrollArea.Autosize mah={320} type="auto">
      <Stack component="ul" gap={6} p={0} m={0} aria-label="Filas con errores" style={{ listStyle: 'none' }}>
        {rows.map((r) => (
          <Paper component="li" key={r.line} withBorder radius="md" px="sm" py={6}>
            <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
              Línea {r.line}
              {r.email ? ` · ${r.email}` : ''}
            </Text>
            <Text size="sm">
              {r.message}
            </Text>
          </Paper>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** What confirming would do: counts, then each invalid row, then who is already there. */
function PreviewSummary({ preview }: { preview: EmployeeImportPreview }) {
  const free = Math.max(0, preview.maxUsers - preview.userCount);
  return (
    <Stack gap="sm" data-testid="import-preview">
      <SimpleGrid cols={3} spacing="xs">
        <Figure label="Se crearán" value={preview.create.length} testId="import-create" />
        <Figure label="Ya existen" value={preview.existing.length} testId="import-existing" />
        <Figure label="Con errores" value={preview.invalid.length} testId="import-invalid" />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Tu empresa usa {preview.userCount.toLocaleString('es-CL')} de {preview.maxUsers.toLocaleString('es-CL')} usuarios: quedan {free.toLocaleString('es-CL')} cupos.
      </Text>
      {preview.create.length === 0 && (
        <Alert color="blue">No hay usuarios nuevos para crear en este archivo.</Alert>
      )}
      {preview.invalid.length > 0 && <InvalidRows rows={preview.invalid} />}
      {preview.existing.length > 0 && (
        <details>
          <summary>
            <Text span size="sm" fw={600}>
              Ya existen ({preview.existing.length.toLocaleString('es-CL')}): se dejan como están
            </Text>
          </summary>
          <List size="sm" mt={4}>
            {preview.existing.slice(0, 50).map((r) => (
              <List.Item key={r.line}>
                Línea {r.line}: {r.email}
              </List.Item>
            ))}
            {preview.existing.length > 50 && <List.Item>y {(preview.existing.length - 50).toLocaleString('es-CL')} más</List.Item>}
          </List>
        </details>
      )}
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stack gap={0} p="xs" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={800} data-testid={testId}>
        {value.toLocaleString('es-CL')}
      </Text>
    </Stack>
  );
}
