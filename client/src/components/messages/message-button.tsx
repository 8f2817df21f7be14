import { MessageSquare } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';
import { useOpenConversation } from './api/open-conversation.ts';

type MessageButtonProps = Omit<ButtonProps, 'onClick' | 'children'> & {
  bookingId: number;
  /** The visible text, e.g. 'Message detailer'. */
  label: string;
};

/** A booking's 'Message' action: opens the booking's thread (created on first use) at /messages?conversationId=. */
export function MessageButton({ bookingId, label, variant = 'secondary', disabled, ...props }: MessageButtonProps) {
  const open = useOpenConversation();
  return (
    <Button
      variant={variant}
      disabled={disabled || open.isPending}
      aria-busy={open.isPending || undefined}
      onClick={() => open.mutate({ bookingId })}
      {...props}
    >
      <MessageSquare aria-hidden />
      {label}
    </Button>
  );
}
