import { requests } from '@bookwright/contracts/bus';
import { type BookMember, type SharedRole } from '@bookwright/contracts/http';
import type { Bus } from '@bookwright/kit';

export type Person = { id: string; name: string; email: string };

/** Names and emails of people, from the user service that owns them, by id. */
export async function peopleById(bus: Bus, userIds: string[]): Promise<Map<string, Person>> {
  if (userIds.length === 0) return new Map();
  const { people } = await bus.request(requests.user.people, { userIds: [...new Set(userIds)] });
  return new Map(people.map((person) => [person.id, person]));
}

/** A member as the API shows them; an account that is gone keeps its id, without a name. */
export function presentMember(
  people: Map<string, Person>,
  userId: string,
  role: SharedRole | 'owner',
): BookMember | undefined {
  const person = people.get(userId);
  if (!person) return undefined;
  return { id: userId, name: person.name, email: person.email, role };
}
