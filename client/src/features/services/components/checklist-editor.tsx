import { useId } from 'react';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { ownServiceLimits } from '@core/domain/own-services.ts';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Input } from '@/components/ui/input.tsx';

export interface ChecklistEditorProps {
  items: string[];
  onChange: (items: string[]) => void;
  /** The schema's message for each item by index, and for the list as a whole. */
  itemErrors: (string | undefined)[];
  listError?: string;
}

const move = (items: string[], from: number, to: number) => {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/** The job's checklist: items to add, remove and put in order (up and down), as the detailer ticks them on the job. */
export function ChecklistEditor({ items, onChange, itemErrors, listError }: ChecklistEditorProps) {
  const id = useId();
  const isFull = items.length >= ownServiceLimits.checklistItems;

  function moveFocus(index: number) {
    // The item moved: focus follows it, so the next press moves it again.
    requestAnimationFrame(() => document.getElementById(`${id}-item-${index}`)?.focus());
  }

  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium text-neutral-800">Checklist</legend>
      <p className="text-xs text-neutral-600">
        What you tick on each job before you complete it. Up to {ownServiceLimits.checklistItems} steps of {ownServiceLimits.checklistItem}{' '}
        characters.
      </p>
      {items.length === 0 && (
        <p className="rounded-control bg-neutral-50 p-3 text-sm text-neutral-600">No steps yet. Add the first one below.</p>
      )}
      <ol className="grid gap-2">
        {items.map((item, index) => {
          const label = `Step ${index + 1}`;
          const errorId = `${id}-item-${index}-error`;
          return (
            <li key={index} className="grid gap-1">
              <div className="flex items-center gap-1">
                <span aria-hidden className="w-6 shrink-0 text-right text-sm text-neutral-600 tabular-nums">
                  {index + 1}.
                </span>
                <Input
                  id={`${id}-item-${index}`}
                  aria-label={label}
                  value={item}
                  maxLength={ownServiceLimits.checklistItem}
                  aria-invalid={itemErrors[index] ? true : undefined}
                  aria-describedby={errorId}
                  onChange={(event) => onChange(items.map((old, i) => (i === index ? event.target.value : old)))}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move ${label} up`}
                  disabled={index === 0}
                  onClick={() => {
                    onChange(move(items, index, index - 1));
                    moveFocus(index - 1);
                  }}
                >
                  <ArrowUp aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Move ${label} down`}
                  disabled={index === items.length - 1}
                  onClick={() => {
                    onChange(move(items, index, index + 1));
                    moveFocus(index + 1);
                  }}
                >
                  <ArrowDown aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${label}`}
                  onClick={() => onChange(items.filter((_, i) => i !== index))}
                >
                  <X aria-hidden />
                </Button>
              </div>
              <FieldError id={errorId} className="pl-7">
                {itemErrors[index]}
              </FieldError>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        className="justify-self-start"
        disabled={isFull}
        onClick={() => {
          onChange([...items, '']);
          moveFocus(items.length);
        }}
      >
        <Plus aria-hidden /> Add a step
      </Button>
      <FieldError id={`${id}-error`}>{listError}</FieldError>
    </fieldset>
  );
}
