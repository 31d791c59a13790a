import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { BENEFIT_PRIORITIES, optionName, type BenefitPriorityId } from '#domain/surveys';
import { IconGripVertical } from '@tabler/icons-react';
import { OptionIcon } from './option-icons';
import classes from './survey-b.module.css';

const nameOf = (id: unknown) => optionName(BENEFIT_PRIORITIES, String(id));

// What a screen reader hears while dragging, in Spanish (dnd-kit's defaults are English).
const ANNOUNCEMENTS: Announcements = {
  onDragStart: ({ active }) => `Tomaste ${nameOf(active.id)}.`,
  onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} está sobre ${nameOf(over.id)}.` : undefined),
  onDragEnd: ({ active, over }) => (over ? `Soltaste ${nameOf(active.id)} en el lugar de ${nameOf(over.id)}.` : `Soltaste ${nameOf(active.id)}.`),
  onDragCancel: ({ active }) => `Cancelaste el movimiento de ${nameOf(active.id)}.`,
};
const INSTRUCTIONS = {
  draggable: 'Para mover una prioridad, presiona espacio o enter, usa las flechas arriba y abajo, y presiona espacio o enter de nuevo para soltarla. Escape cancela.',
};

/** Survey B step 3: the six benefit priorities ordered by drag and drop — mouse, touch or keyboard. */
export function PriorityList({ order, onChange }: { order: BenefitPriorityId[]; onChange: (order: BenefitPriorityId[]) => void }) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    // A short press-and-hold on touch, so the page still scrolls under a finger.
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange(arrayMove(order, order.indexOf(active.id as BenefitPriorityId), order.indexOf(over.id as BenefitPriorityId)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements: ANNOUNCEMENTS, screenReaderInstructions: INSTRUCTIONS }}>
      <SortableContext items={order} strategy={verticalListSortingStrategy}>
        <ol className={classes.priorityList} aria-label="Prioridades, de la más a la menos importante" data-testid="priority-list">
          {order.map((id, index) => (
            <PriorityItem key={id} id={id} position={index + 1} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function PriorityItem({ id, position }: { id: BenefitPriorityId; position: number }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  const option = BENEFIT_PRIORITIES.find((p) => p.id === id);
  return (
    <li
      ref={setNodeRef}
      className={classes.priorityItem}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      {...attributes}
      {...listeners}
      aria-roledescription="prioridad movible"
      aria-label={`${position}. ${option?.name ?? id}`}
    >
      <span className={classes.priorityRank}>{position}</span>
      <OptionIcon id={id} size={24} />
      <span className={classes.priorityName}>{option?.name}</span>
      <IconGripVertical className={classes.grip} aria-hidden="true" />
    </li>
  );
}
