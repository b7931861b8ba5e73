/**
 * docs/product.md's Business Settings bullet, the one list of the business fields written by hand:
 * the fields with a footer link whose name it does not mention (its words: "website, email,
 * phone, maps link, Facebook, ...").
 */
import { BUSINESS_FIELDS, type BusinessFieldDescriptor } from '@shared/business-field-table';

export function fieldsMissingFromProductDoc(productDoc: string): string[] {
  const bullet = /- \*\*Business Settings\*\*:([\s\S]*?)\n- \*\*/.exec(productDoc)?.[1] ?? '';
  const prose = bullet.replace(/\s+/g, ' ').toLowerCase();
  return (Object.entries(BUSINESS_FIELDS) as [string, BusinessFieldDescriptor][])
    .filter(([, field]) => field.footer && !prose.includes(field.footer.label.toLowerCase()))
    .map(([key]) => key);
}
