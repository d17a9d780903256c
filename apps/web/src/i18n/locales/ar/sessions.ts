import type { Localized } from '../../de';
import type { sessionsDe } from '../../sessions';

export const sessions: Localized<typeof sessionsDe> = {
  sessions: {
    heading: 'الأجهزة التي سجّلتم الدخول منها',
    intro: 'سجّلتم الدخول على الأجهزة التالية. إذا وجدتم جهازًا لا تعرفونه، يرجى تسجيل خروجه ثم تغيير كلمة المرور.',
    loading: 'جارٍ تحميل الأجهزة …',
    loadFailed: 'تعذّر تحميل الأجهزة.',
    retry: 'إعادة المحاولة',
    thisDevice: 'هذا الجهاز',
    unknownDevice: 'جهاز غير معروف',
    signedInAt: 'تاريخ تسجيل الدخول: {{time}}',
    lastUsed: 'آخر نشاط: {{time}}',
    signOut: 'تسجيل الخروج',
    signOutNamed: 'تسجيل خروج {{device}} (تم تسجيل الدخول في {{time}})',
    signingOut: 'جارٍ تسجيل الخروج …',
    signedOut: 'تم تسجيل خروج {{device}}.',
    signOutOthers: 'تسجيل الخروج من جميع الأجهزة الأخرى',
    othersSignedOut: 'تم تسجيل الخروج من جميع الأجهزة الأخرى.',
    noOthers: 'لم تسجّلوا الدخول على أي جهاز آخر.',
    failed: 'لم تنجح العملية. يرجى المحاولة مرة أخرى.',
  },
};
