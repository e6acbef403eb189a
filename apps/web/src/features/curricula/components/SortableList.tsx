import {
  closestCenter,
  DndContext,
  type DragEndEvent,
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
  renderItem: (item: T, index: number) => ReactNode;
  className?: string;
}

/**
 * A list reordered by dragging each item's handle, or by the keyboard: focus the handle, Space to pick the item up,
 * the arrow keys to move it, Space to put it down (Escape cancels). dnd-kit announces each step to screen readers.
 */
export function SortableList<T extends { id: string }>({ items, onMove, handleLabel, renderItem, className }: SortableListProps<T>) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
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

function SortableRow({ id, label, children }: { id: string; label: string; children: ReactNode }) {
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
