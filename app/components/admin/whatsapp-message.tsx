/**
 * A WhatsApp message to a customer as staff read it on the dashboard: what it is about, its
 * state coloured by what is left to do, the phone, the tries, the last error and the words the
 * customer reads; a failed one (or one that may not have arrived) can be sent again.
 */
import { RotateCw } from 'lucide-react';
import { Form, Link, useNavigation } from 'react-router';
import { MSG } from '../../../contracts/messages.ts';
import { RESENDABLE_STATUSES, type MessageStatus } from '../../../contracts/whatsapp.ts';
import type { CustomerMessage } from '../../../core/messages/messages.ts';
import { Ltr } from '../../lib/format.tsx';
import { SpinnerButton } from '../account/spinner-button.tsx';
import { stamp } from './date-time.ts';
import { Detail } from './order-admin-card.tsx';

/** A message as core gives it (core/messages/messages.ts CustomerMessage), its dates formatted once on the server. */
export type MessageView = Omit<CustomerMessage, 'createdAt' | 'sentAt'> & {
  createdAt: { iso: string; text: string };
  sentAt: { iso: string; text: string } | null;
  /** Staff may send it again (failed, or unknown; never a reset code). */
  resendable: boolean;
};

/** What the pages show of a message, dates in the shop's time formatted once on the server. */
export function toMessageView(message: CustomerMessage): MessageView {
  return {
    id: message.id,
    kind: message.kind,
    kindLabel: message.kindLabel,
    orderId: message.orderId,
    orderNumber: message.orderNumber,
    phone: message.phone,
    status: message.status,
    statusLabel: message.statusLabel,
    tries: message.tries,
    lastError: message.lastError,
    text: message.text,
    createdAt: stamp(message.createdAt),
    sentAt: stamp(message.sentAt),
    resendable: RESENDABLE_STATUSES.includes(message.status) && message.kind !== 'password_reset_code',
  };
}

const TONES: Record<MessageStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  sending: 'bg-brand-50 text-brand-900',
  sent: 'bg-brand-100 text-brand-900',
  delivered: 'bg-green-100 text-green-800',
  read: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
  unknown: 'bg-orange-100 text-orange-900',
};

export function MessageStatusBadge({ status, label }: { status: MessageStatus; label: string }) {
  return (
    <span className={`inline-flex w-fit items-center rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap ${TONES[status]}`}>
      <span className="sr-only">حالة الرسالة: </span>
      {label}
    </span>
  );
}

/** The settings MSG.whatsappNotConnected names. */
const SETTINGS = 'WHATSAPP_*';

/** "WhatsApp is not connected", the settings' names kept whole and left to right (the star after the name). */
export function WhatsAppOffText() {
  return (
    <>
      {MSG.whatsappNotConnected.replace(SETTINGS, '')}
      <Ltr>{SETTINGS}</Ltr>
    </>
  );
}

/** The order a message is about, as a link to its page. */
export function MessageOrderLink({ message }: { message: Pick<MessageView, 'orderId' | 'orderNumber'> }) {
  if (!message.orderId || message.orderNumber === null) return <>—</>;
  return (
    <Link to={`/admin/order-details/${message.orderId}`} className="text-brand-700 underline">
      طلب رقم <Ltr>#{message.orderNumber}</Ltr>
    </Link>
  );
}

/** "Send again": a plain form post to the messages page's action, with or without JavaScript. */
function ResendForm({ message }: { message: MessageView }) {
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'resend' && navigation.formData.get('id') === message.id;
  return (
    <Form method="post" className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="id" value={message.id} />
      {message.status === 'unknown' && <p className="text-sm text-muted">قد تكون وصلت من قبل، فتصل العميل مرتين.</p>}
      <SpinnerButton pending={sending} disabled={navigation.state === 'submitting'} variant="secondary" className="w-full sm:w-fit">
        {!sending && <RotateCw aria-hidden="true" className="size-5" />}
        إعادة الإرسال
        {message.orderNumber !== null && <span className="sr-only"> لرسالة الطلب رقم {message.orderNumber}</span>}
      </SpinnerButton>
    </Form>
  );
}

/** One message on the messages page. */
export function MessageCard({ message }: { message: MessageView }) {
  const headingId = `message-${message.id}`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col gap-3 rounded-xl border border-line bg-white p-4">
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-line pb-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-bold">
            {message.kindLabel}
          </h2>
          <p className="text-sm text-muted">
            <time dateTime={message.createdAt.iso}>{message.createdAt.text}</time>
          </p>
        </div>
        <MessageStatusBadge status={message.status} label={message.statusLabel} />
      </header>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        <Detail term="الطلب">
          <MessageOrderLink message={message} />
        </Detail>
        <Detail term="الهاتف">
          <Ltr>{message.phone}</Ltr>
        </Detail>
        <Detail term="المحاولات">
          <Ltr>{message.tries}</Ltr>
        </Detail>
        <Detail term="وقت الإرسال">{message.sentAt ? <time dateTime={message.sentAt.iso}>{message.sentAt.text}</time> : '—'}</Detail>
        {message.lastError && (
          <Detail term="آخر خطأ" wide>
            <span dir="auto" className="block text-sm font-normal [overflow-wrap:anywhere]">
              {message.lastError}
            </span>
          </Detail>
        )}
      </dl>
      <div>
        <p className="text-sm text-muted">نص الرسالة</p>
        <p className="mt-1 rounded-lg bg-surface p-3 text-sm whitespace-pre-line [overflow-wrap:anywhere]">{message.text}</p>
      </div>
      {message.resendable && (
        <div className="mt-auto border-t border-line pt-3">
          <ResendForm message={message} />
        </div>
      )}
      {message.kind === 'password_reset_code' && RESENDABLE_STATUSES.includes(message.status) && <p className="mt-auto text-sm text-muted">{MSG.resetCodeNotResent}</p>}
    </article>
  );
}
