import { zodResolver } from '@hookform/resolvers/zod';
import { reportSchema } from '@yardsale/validators';
import { z } from 'zod';

/** The select starts on its placeholder (''), which the category rule refuses with its message. */
const reportFormSchema = z.object({
  category: z.string().pipe(reportSchema.shape.category),
  description: reportSchema.shape.description,
});
export type ReportFormFields = z.input<typeof reportFormSchema>;
export type ReportFormValues = z.output<typeof reportFormSchema>;

export const reportFormResolver = zodResolver(reportFormSchema);
