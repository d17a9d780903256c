import type { Localized } from '../../de';
import type { postsDe } from '../../posts';

export const posts: Localized<typeof postsDe> = {
  detail: {
    commentLabel: 'تعليق',
    commentPlaceholder: 'كتابة تعليق…',
    commentSubmit: 'إرسال التعليق',
    commentPublished: 'تعليقكم ظاهر الآن.',
    commentThanks: 'شكرًا لكم! ستراجع إدارة المبنى تعليقكم، عادةً خلال يوم إلى يومي عمل. سنُعلمكم فور نشره.',
    commentsHeading: 'التعليقات',
    noComments: 'لا توجد تعليقات بعد.',
    notFound: 'لم يُعثر على هذا المنشور.',
    toBlackboard: 'إلى لوحة الإعلانات',
  },
  newMessage: {
    text: 'منشوركم',
    textHint: 'ستتم مراجعة منشوركم قبل نشره.',
    photos: 'إضافة صور',
    photosHint: 'الحد الأقصى لعدد الصور: {{max}} (JPEG أو PNG أو WebP)، وحجم كل صورة حتى 10 ميغابايت.',
    pdfs: 'إضافة مستندات PDF',
    pdfsHint: 'الحد الأقصى لعدد مستندات PDF: {{max}}، وحجم كل مستند حتى 10 ميغابايت.',
    tooManyPhotos: 'يمكنكم إرفاق {{max}} صور كحد أقصى.',
    tooManyPdfs: 'يمكنكم إرفاق {{max}} من مستندات PDF كحد أقصى.',
    onlyPdf: 'الملف {{filename}} ليس مستند PDF.',
    onlyImage: 'الملف {{filename}} ليس صورة بصيغة JPEG أو PNG أو WebP (صيغتا HEIC وGIF غير مقبولتين).',
    remove: 'إزالة {{name}}',
    selected: 'المرفقات المختارة',
    submit: 'إرسال المنشور',
    uploading: 'جارٍ رفع المرفقات …',
    published: 'منشوركم ظاهر الآن على لوحة الإعلانات.',
    thanks: 'شكرًا لكم! ستراجع إدارة المبنى منشوركم، عادةً خلال يوم إلى يومي عمل. سنُعلمكم فور نشره.',
    toBlackboard: 'إلى لوحة الإعلانات',
    uploadFailed: 'تعذّر رفع الملف {{filename}}: {{reason}}',
    leaveConfirm: 'لم يُرسَل منشوركم بعد. هل تريدون مغادرة الصفحة؟ سيضيع النص الذي كتبتموه.',
  },
};
