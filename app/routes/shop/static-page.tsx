/**
 * The four static pages linked from the footer (SPEC.md §2). One module serves them all: the
 * route id (about, terms, privacy, delivery) says which. Every number comes from the business
 * constants, and the shipping charges from the shop's rules as the checkout reads them, so the
 * policies agree with each other and with the checkout (DESIGN.md decision 4).
 */
import { Link, useMatches } from 'react-router';
import { DELIVERY_WORKING_DAYS, REFUND_DAYS, RETURN_DAYS, STORE_NAME, STORE_PHONE, SUPPORT_HOURS, WHATSAPP_NUMBER } from '../../../contracts/constants.ts';
import type { ShippingRules } from '../../../contracts/shipping.ts';
import { readShippingRules } from '../../../core/checkout/shipping.ts';
import { socialMeta } from '../../components/catalogue/social-meta.ts';
import { CodFeeWords, FeeWords, FreeShippingWords } from '../../components/shipping-terms.tsx';
import { STATIC_PAGES, type StaticPageId } from '../../components/shell/site-pages.ts';
import { Ltr } from '../../lib/format.tsx';
import type { Route } from './+types/static-page';
import { loadAsDocument, SERVER_RENDERED } from '../../lib/server-rendered.ts';

export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

/** Days after we receive a returned item before its refund starts, and how long the check takes. */
const REFUND_STARTS_AFTER_DAYS = 5;
const INSPECTION_DAYS = { from: 5, to: 7 };

const LINK = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-xl font-bold text-brand-900">{title}</h2>
      {children}
    </section>
  );
}

function Bullets({ children }: { children: React.ReactNode }) {
  return <ul className="flex list-disc flex-col gap-2 ps-6 marker:text-brand-500">{children}</ul>;
}

function SupportHours() {
  return (
    <>
      {SUPPORT_HOURS.days} من الساعة <Ltr>{SUPPORT_HOURS.from}</Ltr> إلى الساعة <Ltr>{SUPPORT_HOURS.to}</Ltr>
    </>
  );
}

function ContactLines() {
  return (
    <Bullets>
      <li>
        الهاتف:{' '}
        <a href={`tel:${STORE_PHONE}`} className={LINK}>
          <Ltr>{STORE_PHONE}</Ltr>
        </a>
      </li>
      <li>
        واتساب:{' '}
        <a href={`https://wa.me/${WHATSAPP_NUMBER}`} target="_blank" rel="noopener noreferrer" className={LINK}>
          راسلنا على واتساب
        </a>
      </li>
      <li>
        مواعيد خدمة العملاء: <SupportHours />.
      </li>
    </Bullets>
  );
}

function About() {
  return (
    <>
      <p>
        {STORE_NAME} متجر مصري أونلاين لملابس الكاجوال للرجال والأطفال. نختار خاماتنا لتناسب جو مصر: قطن مريح في الصيف وملابس دافئة في الشتاء،
        بتقفيل جيد وأسعار في متناول الجميع.
      </p>
      <Section title="ماذا نقدم">
        <Bullets>
          <li>تيشيرتات وقمصان وبولو وبناطيل وملابس خروج للرجال.</li>
          <li>ملابس أطفال مريحة وتتحمل الغسيل، بمقاسات من <Ltr>4</Ltr> إلى <Ltr>14</Ltr> سنة.</li>
          <li>تشكيلات جديدة كل موسم وعروض مستمرة على منتجات أقل من <Ltr>199</Ltr> جنيه.</li>
        </Bullets>
      </Section>
      <Section title="لماذا تتسوق معنا">
        <Bullets>
          <li>الدفع نقداً عند الاستلام، فلا تدفع إلا عندما يصلك طلبك.</li>
          <li>
            التوصيل خلال <Ltr>{DELIVERY_WORKING_DAYS}</Ltr> أيام عمل داخل القاهرة والجيزة.
          </li>
          <li>
            استبدال واسترجاع خلال <Ltr>{RETURN_DAYS}</Ltr> يوماً من استلام الطلب.
          </li>
          <li>
            خدمة عملاء تساعدك <SupportHours />.
          </li>
        </Bullets>
      </Section>
      <Section title="تواصل معنا">
        <ContactLines />
      </Section>
    </>
  );
}

/** The shop's shipping charges as list items, from its rules. */
function ShippingCharges({ rules }: { rules: ShippingRules }) {
  return (
    <>
      <li>
        رسوم الشحن <FeeWords rules={rules} />، وتظهر في ملخص الطلب قبل تأكيده.
      </li>
      {rules.freeShippingFrom !== null && (
        <li>
          <FreeShippingWords rules={rules} /> (إجمالي المنتجات قبل الشحن).
        </li>
      )}
      {rules.codFee > 0 && (
        <li>
          <CodFeeWords rules={rules} />، ولا تضاف عند الدفع بالبطاقة.
        </li>
      )}
    </>
  );
}

function Terms({ rules }: { rules: ShippingRules }) {
  return (
    <>
      <p>باستخدامك موقع {STORE_NAME} وإتمامك لأي طلب فأنت توافق على الشروط التالية، فنرجو قراءتها بعناية.</p>
      <Section title="الحساب">
        <Bullets>
          <li>تحتاج إلى حساب برقم هاتف مصري صحيح لإضافة المنتجات إلى العربة وإتمام الطلب.</li>
          <li>أنت مسؤول عن سرية كلمة المرور وعن كل ما يتم من خلال حسابك.</li>
        </Bullets>
      </Section>
      <Section title="الأسعار والطلبات">
        <Bullets>
          <li>جميع الأسعار بالجنيه المصري، والسعر المعتمد هو السعر الظاهر وقت إتمام الطلب.</li>
          <ShippingCharges rules={rules} />
          <li>الطلب مرتبط بالكمية المتاحة في المخزون؛ إذا نفد مقاس قبل تأكيد طلبك نبلغك ولا يتم الطلب.</li>
          <li>نحتفظ بحق إلغاء الطلبات التي تحتوي على بيانات غير صحيحة أو لا يمكن التواصل مع أصحابها.</li>
        </Bullets>
      </Section>
      <Section title="الدفع والتوصيل">
        <Bullets>
          <li>الدفع نقداً عند الاستلام لمندوب الشحن.</li>
          <li>
            يصل الطلب خلال <Ltr>{DELIVERY_WORKING_DAYS}</Ltr> أيام عمل داخل القاهرة والجيزة، وتختلف المدة في باقي المحافظات وتبلغك خدمة العملاء بها
            عند تأكيد الطلب.
          </li>
        </Bullets>
      </Section>
      <Section title="الاستبدال والاسترجاع">
        <p>
          يمكنك استبدال المنتج أو استرجاعه خلال <Ltr>{RETURN_DAYS}</Ltr> يوماً من تاريخ الاستلام، بالشروط الموضحة في صفحة{' '}
          <Link to="/delivery-and-returns" className={LINK}>
            التوصيل والاسترجاع
          </Link>
          .
        </p>
      </Section>
      <Section title="التقييمات">
        <p>نرحب بتقييمك للمنتجات بعد تجربتها، ونحتفظ بحق حذف أي تقييم يحتوي على ألفاظ مسيئة أو بيانات شخصية أو إعلانات.</p>
      </Section>
      <Section title="تعديل الشروط">
        <p>قد نعدل هذه الشروط من وقت لآخر، ويسري التعديل على الطلبات التي تتم بعد نشره على هذه الصفحة.</p>
      </Section>
    </>
  );
}

function Privacy() {
  return (
    <>
      <p>خصوصيتك تهمنا. توضح هذه الصفحة البيانات التي نجمعها عند استخدامك {STORE_NAME} وكيف نستخدمها ونحميها.</p>
      <Section title="البيانات التي نجمعها">
        <Bullets>
          <li>الاسم ورقم الهاتف وكلمة المرور عند إنشاء الحساب.</li>
          <li>عنوان الشحن والمحافظة ورقم الهاتف عند إتمام الطلب.</li>
          <li>محتويات العربة وقائمة المفضلة والطلبات السابقة والتقييمات التي تكتبها.</li>
          <li>البريد الإلكتروني فقط إذا اشتركت في القائمة البريدية.</li>
        </Bullets>
      </Section>
      <Section title="كيف نستخدم بياناتك">
        <Bullets>
          <li>لتجهيز طلبك وتوصيله والتواصل معك بخصوصه.</li>
          <li>لعرض طلباتك ومفضلتك في حسابك.</li>
          <li>لإرسال العروض والمنتجات الجديدة إذا اشتركت في القائمة البريدية.</li>
        </Bullets>
        <p>لا نبيع بياناتك لأي جهة، ولا نشارك منها إلا ما تحتاجه شركة الشحن لتوصيل طلبك: الاسم والهاتف والعنوان.</p>
      </Section>
      <Section title="ملفات تعريف الارتباط">
        <p>نستخدم ملف تعريف ارتباط واحداً لإبقائك مسجلاً للدخول، ولا نستخدم ملفات تعريف ارتباط إعلانية.</p>
      </Section>
      <Section title="حماية البيانات">
        <p>تُحفظ كلمات المرور مشفرة بطريقة لا تسمح لأحد، ولا لفريقنا، بالاطلاع عليها، ويقتصر الوصول إلى بيانات الطلبات على فريق العمل المختص.</p>
      </Section>
      <Section title="حقوقك">
        <p>يمكنك طلب تعديل بياناتك أو حذف حسابك أو إلغاء اشتراكك في القائمة البريدية في أي وقت بالتواصل مع خدمة العملاء:</p>
        <ContactLines />
      </Section>
    </>
  );
}

function Delivery({ rules }: { rules: ShippingRules }) {
  return (
    <>
      <Section title="التوصيل">
        <Bullets>
          <li>
            نوصل طلبك خلال <Ltr>{DELIVERY_WORKING_DAYS}</Ltr> أيام عمل داخل القاهرة والجيزة، وتختلف المدة في باقي المحافظات.
          </li>
          <ShippingCharges rules={rules} />
          <li>الدفع نقداً عند الاستلام، ويتواصل معك مندوب الشحن قبل الوصول.</li>
        </Bullets>
      </Section>
      <Section title="الاستبدال والاسترجاع">
        <Bullets>
          <li>
            يمكنك استبدال المنتج أو استرجاعه خلال <Ltr>{RETURN_DAYS}</Ltr> يوماً من تاريخ استلام الطلب.
          </li>
          <li>يشترط أن يكون المنتج بحالته الأصلية: غير مستخدم وغير مغسول وبالبطاقة والتغليف الأصليين.</li>
          <li>إذا وصلك منتج به عيب صناعة أو مقاس غير الذي طلبته نتحمل نحن تكلفة الاستبدال أو الاسترجاع.</li>
        </Bullets>
      </Section>
      <Section title="فحص المنتج المرتجع">
        <p>
          بعد استلامنا للمنتج المرتجع يتم فحصه خلال <Ltr>{INSPECTION_DAYS.from}</Ltr> إلى <Ltr>{INSPECTION_DAYS.to}</Ltr> أيام للتأكد من
          حالته، ونبلغك بالنتيجة.
        </p>
      </Section>
      <Section title="استرداد المبلغ">
        <Bullets>
          <li>
            يُرد المبلغ خلال <Ltr>{REFUND_DAYS}</Ltr> يوماً، تبدأ بعد <Ltr>{REFUND_STARTS_AFTER_DAYS}</Ltr> أيام من استلامنا للمنتج المرتجع.
          </li>
          <li>
            إذا تم رد المبلغ عن طريق شركة الشحن فيصلك خلال <Ltr>{REFUND_DAYS}</Ltr> يوماً.
          </li>
        </Bullets>
      </Section>
      <Section title="كيف تطلب الاستبدال أو الاسترجاع">
        <p>تواصل مع خدمة العملاء ومعك رقم الطلب، وسنرتب مع شركة الشحن استلام المنتج منك:</p>
        <ContactLines />
      </Section>
    </>
  );
}

const PAGES: Record<StaticPageId, { description: string; Body: (props: { rules: ShippingRules }) => React.ReactElement }> = {
  about: { description: `تعرف على ${STORE_NAME}: ملابس كاجوال للرجال والأطفال، الدفع عند الاستلام وتوصيل سريع.`, Body: About },
  terms: { description: `شروط وأحكام الشراء من ${STORE_NAME}: الحساب، الأسعار، الدفع عند الاستلام والتوصيل.`, Body: Terms },
  privacy: { description: `سياسة الخصوصية في ${STORE_NAME}: البيانات التي نجمعها وكيف نستخدمها ونحميها.`, Body: Privacy },
  delivery: {
    description: `التوصيل خلال ${DELIVERY_WORKING_DAYS} أيام عمل للقاهرة والجيزة، والاستبدال والاسترجاع خلال ${RETURN_DAYS} يوماً.`,
    Body: Delivery,
  },
};

/** The page of a route id; the route table gives these four ids to this module. */
function pageOf(routeId: string | undefined) {
  const page = STATIC_PAGES.find((p) => p.id === routeId) ?? STATIC_PAGES[0];
  return { ...page, ...PAGES[page.id] };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return { canonical: new URL(new URL(request.url).pathname, context.storeUrl).href, shipping: await readShippingRules(context.db) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const page = pageOf(matches.at(-1)?.id);
  return socialMeta({ title: `${page.label} | ${STORE_NAME}`, description: page.description, canonical: loaderData.canonical });
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const page = pageOf(useMatches().at(-1)?.id);
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 leading-8 lg:py-12">
      <h1 className="text-2xl font-bold text-ink lg:text-3xl">{page.label}</h1>
      <page.Body rules={loaderData.shipping} />
    </article>
  );
}
