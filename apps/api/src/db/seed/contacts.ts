import { contactMessages } from '../schema';
import { hourMs, rowsPerInsert, slugify, type SeedContext } from './context';
import { contactTopics, mobilePrefixes } from './indonesia';

/** Messages from the public contact form over the last 120 days; four in ten from an institution. */
export async function seedContactMessages({ tx, faker, asOf, inserted }: SeedContext, count: number): Promise<void> {
  const rows: Array<typeof contactMessages.$inferInsert> = [];
  for (let i = 0; i < count; i++) {
    const fullname = faker.person.fullName();
    rows.push({
      fullname,
      institutionName: faker.number.int(9) < 4 ? faker.company.name() : null,
      message: faker.helpers.arrayElement(contactTopics),
      email: `${slugify(fullname)}.${i + 1}@example.com`,
      phoneNumber: `+62${faker.helpers.arrayElement(mobilePrefixes)}${faker.string.numeric(8)}`,
      createdAt: new Date(asOf.getTime() - faker.number.int({ min: 1, max: 120 * 24 }) * hourMs),
    });
  }
  for (let k = 0; k < rows.length; k += rowsPerInsert) await tx.insert(contactMessages).values(rows.slice(k, k + rowsPerInsert));
  inserted.contact_messages = count;
}
