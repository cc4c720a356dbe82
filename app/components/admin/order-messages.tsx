/**
 * An order's WhatsApp messages on its admin page: each kind sent about it and its state, with the
 * messages page (filtered to the order) to read the words and send a failed one again.
 */
import { ChevronLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Ltr } from '../../lib/format.tsx';
import { MessageStatusBadge, WhatsAppOffText, type MessageView } from './whatsapp-message.tsx';

export function OrderMessages({ orderId, messages, connected }: { orderId: string; messages: MessageView[]; connected: boolean }) {
  return (
    <section aria-labelledby="order-messages" className="rounded-xl border border-line bg-white p-4 sm:p-5">
      <h2 id="order-messages" className="mb-3 text-lg font-bold">
        رسائل واتساب
      </h2>
      {!connected && (
        <p className="mb-3 text-sm text-muted">
          <WhatsAppOffText />
        </p>
      )}
      {messages.length === 0 ? (
        <p className="text-muted">لم تُسجَّل رسائل لهذا الطلب</p>
      ) : (
        <>
          <ul className="divide-y divide-line">
            {messages.map((message) => (
              <li key={message.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold">{message.kindLabel}</span>
                  <MessageStatusBadge status={message.status} label={message.statusLabel} />
                </div>
                <p className="flex flex-wrap gap-x-3 text-sm text-muted">
                  <time dateTime={message.createdAt.iso}>{message.createdAt.text}</time>
                  <span>
                    إلى <Ltr>{message.phone}</Ltr>
                  </span>
                  <span>
                    المحاولات: <Ltr>{message.tries}</Ltr>
                  </span>
                </p>
                {message.lastError && (
                  <p dir="auto" className="text-sm [overflow-wrap:anywhere]">
                    {message.lastError}
                  </p>
                )}
              </li>
            ))}
          </ul>
          <Link
            to={`/admin/messages?orderId=${orderId}`}
            className="mt-3 inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline"
          >
            نصوص الرسائل وإعادة الإرسال
            <ChevronLeft aria-hidden="true" className="size-4" />
          </Link>
        </>
      )}
    </section>
  );
}
