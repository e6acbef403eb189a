import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type UniqueIdentifier,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { HolderOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

interface SortableListProps<T extends { id: string }> {
  items: readonly T[];
  /** The moved item's old and new index. */
  onMove: (from: number, to: number) => void;
  /** What the drag handle is called for a screen reader ("Move week 2"). */
  handleLabel: (item: T, index: number) => string;
  /** The item in the words announced while it moves ("Songs of ascent"). */
  nameOf: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  className?: string;
}

/**
 * A list reordered by dragging each item's handle, or by the keyboard: focus the handle, Space to pick the item up,
 * the arrow keys to move it, Space to put it down (Escape cancels). dnd-kit announces each step to screen readers.
 */
export function SortableList<T extends { id: string }>({ items, onMove, handleLabel, nameOf, renderItem, className }: SortableListProps<T>) {
  const sensors = useSortSensors();
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  // What screen readers hear: the item's name and its place, not dnd-kit's internal ids.
  const name = (id: UniqueIdentifier) => {
    const item = items.find((i) => i.id === id);
    return item ? nameOf(item) : 'The item';
  };
  const place = (id: UniqueIdentifier | undefined) => `position ${items.findIndex((i) => i.id === id) + 1} of ${items.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, at ${place(active.id)}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} moved to ${place(over.id)}.` : `${name(active.id)} is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} dropped at ${place(over.id)}.` : `${name(active.id)} dropped back in place.`),
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ol className={`sortable-list ${className ?? ''}`}>
          {items.map((item, index) => (
            <SortableRow key={item.id} id={item.id} label={handleLabel(item, index)}>
              {renderItem(item, index)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/** The pointer (after a few pixels, so a click stays a click) and the keyboard (Space, arrows, Space). */
export const useSortSensors = (coordinateGetter: KeyboardCoordinateGetter = sortableKeyboardCoordinates) =>
  useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter }));

/** One item of a sortable list: its drag handle (a real button) and its content. */
export function SortableRow({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className={`sortable-list__row${isDragging ? ' sortable-list__row--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button type="button" ref={setActivatorNodeRef} className="sortable-list__handle" aria-label={label} {...attributes} {...listeners}>
        <HolderOutlined aria-hidden />
      </button>
      <div className="sortable-list__content">{children}</div>
    </li>
  );
}
