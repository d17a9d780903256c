import type { Localized } from '../../de';
import type { legalDe } from '../../legal';
import type { legalLinksDe } from '../../legal-links';

/** Arabic frame of the legal pages (formal address); the pages themselves stay as the operator wrote them, in German. */
export const legal: Localized<typeof legalLinksDe & typeof legalDe> = {
  legalLinks: {
    label: 'معلومات قانونية',
    impressum: 'بيانات الناشر',
    datenschutz: 'حماية البيانات',
    barrierefreiheit: 'إمكانية الوصول',
  },
  legal: {
    titles: {
      impressum: 'بيانات الناشر (Impressum)',
      datenschutz: 'سياسة الخصوصية',
      barrierefreiheit: 'بيان إمكانية الوصول',
    },
    template: 'نموذج – يُرجى تعديله قبل بدء التشغيل',
    templateHint: 'لا تزال هذه الصفحة تعرض النص النموذجي المرفق بالتطبيق. ستستبدله إدارة المبنى ببياناتها الخاصة.',
    germanOnly: 'هذا النص متوفر باللغة الألمانية فقط.',
    updated: 'آخر تعديل: {{date}}',
    loading: 'جارٍ تحميل الصفحة …',
    feedback: {
      heading: 'الإبلاغ عن عائق',
      intro:
        'هل هناك ما لا تستطيعون استخدامه في التطبيق أو تستخدمونه بصعوبة؟ اكتبوا إلينا، حتى دون تسجيل الدخول. تصل رسالتكم إلى إدارة المبنى.',
      message: 'رسالتكم',
      messageHint: 'ماذا أردتم أن تفعلوا، وما الذي لم يعمل؟',
      where: 'أين حدث ذلك؟ (اختياري)',
      whereHint: 'مثلًا «لوحة الإعلانات» أو «الإبلاغ عن عطل».',
      name: 'اسمكم (اختياري)',
      email: 'عنوان بريدكم الإلكتروني (اختياري)',
      emailHint: 'مطلوب فقط إذا كنتم ترغبون في الحصول على رد.',
      emailInvalid: 'يُرجى إدخال عنوان بريد إلكتروني صالح.',
      privacy: 'تُرسَل بياناتكم بالبريد الإلكتروني إلى إدارة المبنى، ولا تُستخدم إلا لمعالجة ملاحظاتكم.',
      send: 'إرسال الملاحظات',
      sending: 'جارٍ الإرسال …',
      sent: 'شكرًا لكم! وصلت ملاحظاتكم إلى إدارة المبنى.',
      again: 'كتابة ملاحظات أخرى',
    },
  },
};
