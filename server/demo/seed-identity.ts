import type { Database } from '../db';
import { sendInvite } from '../identity/invites';
import { addMember, createOrgTenant, findTenantByName } from '../identity/tenants';
import { createUser, findUserByEmail } from '../identity/users';

export const DEMO_PASSWORD = 'looplabel-demo';
export const DEMO_TENANT_NAME = 'Demo Lab';
const SECOND_DEMO_TENANT_NAME = 'Harbour Robotics';

export const DEMO_ACCOUNTS = {
  labeller: { email: 'labeller@demo.test', role: 'tenant_user' },
  manager: { email: 'manager@demo.test', role: 'tenant_user' },
  admin: { email: 'admin@demo.test', role: 'tenant_admin' },
} as const;

type DemoAccount = keyof typeof DEMO_ACCOUNTS;

export interface DemoIdentity {
  /** False when the demo data was already there. */
  created: boolean;
  tenantIds: { demoLab: string; harbour: string };
  userIds: Record<DemoAccount, string>;
}

async function readExisting(db: Database): Promise<DemoIdentity | null> {
  const demoLab = await findTenantByName(db, DEMO_TENANT_NAME);
  const harbour = await findTenantByName(db, SECOND_DEMO_TENANT_NAME);
  const [labeller, manager, admin] = await Promise.all(
    Object.values(DEMO_ACCOUNTS).map((account) => findUserByEmail(db, account.email)),
  );
  if (!demoLab || !harbour || !labeller || !manager || !admin) return null;
  return {
    created: false,
    tenantIds: { demoLab: demoLab.id, harbour: harbour.id },
    userIds: { labeller: labeller.id, manager: manager.id, admin: admin.id },
  };
}

/**
 * The demo identities, once: "Demo Lab" with a labeller, a manager (both tenant_user) and an admin; a second
 * tenant the admin also runs; a pending invite for the labeller to it. Skipped when the demo tenant exists.
 */
export async function seedIdentity(db: Database): Promise<DemoIdentity> {
  if (await findTenantByName(db, DEMO_TENANT_NAME)) {
    const existing = await readExisting(db);
    if (!existing) throw new Error(`The "${DEMO_TENANT_NAME}" tenant exists but the rest of the demo data does not.`);
    return existing;
  }
  return db.transaction(async (tx) => {
    const demoUser = (account: DemoAccount) =>
      createUser(tx, { email: DEMO_ACCOUNTS[account].email, password: DEMO_PASSWORD, personalTenant: false });
    const admin = await demoUser('admin');
    const labeller = await demoUser('labeller');
    const manager = await demoUser('manager');

    const demoLab = await createOrgTenant(tx, DEMO_TENANT_NAME, admin);
    await addMember(tx, demoLab.id, labeller.id, 'tenant_user');
    await addMember(tx, demoLab.id, manager.id, 'tenant_user');
    const harbour = await createOrgTenant(tx, SECOND_DEMO_TENANT_NAME, admin);
    await sendInvite(tx, { tenantId: harbour.id, invitedEmail: labeller.email, senderEmail: admin.email });

    return {
      created: true,
      tenantIds: { demoLab: demoLab.id, harbour: harbour.id },
      userIds: { labeller: labeller.id, manager: manager.id, admin: admin.id },
    };
  });
}
