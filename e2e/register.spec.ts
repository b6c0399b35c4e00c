import { checkAndCapture, DEMO, expect, openDemoLab, test as base } from './support/fixtures';
import { startService } from './support/service';

/** A service that registers invited people only (REGISTRATION=invite). */
const test = base.extend<object, { service: Awaited<ReturnType<typeof startService>> }>({
  service: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const service = await startService({ REGISTRATION: 'invite' });
      await use(service);
      await service.dispose();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

test('an invited person registers through the link the admin was shown, and lands in the inviting tenant', async ({ page, browser, baseURL }) => {
  await openDemoLab(page, DEMO.admin);
  await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Admin' }).click();
  const email = `newhire-${Date.now()}@example.test`;
  await page.getByLabel('Email to invite').fill(email);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText(`Invite sent to ${email}.`)).toBeVisible();
  const link = (await page.locator('.invite-link').textContent()) ?? '';
  expect(new URL(link).pathname).toBe('/register');

  const invitee = await browser.newContext({ baseURL });
  const registration = await invitee.newPage();
  // Without the invite's code this service takes nobody, the invited email included.
  await registration.goto('/sign-in');
  await registration.getByRole('link', { name: 'New here? Create an account' }).click();
  // the sign-in page has an Email field too: fill the registration's, once it is there
  await expect(registration.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await registration.getByLabel('Email').fill(email);
  await registration.getByLabel('Password').fill('a long enough password');
  await registration.getByRole('button', { name: 'Create account' }).click();
  await expect(registration.getByRole('alert')).toContainText('This service registers invited people only');

  await registration.goto(link);
  await expect(registration.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await expect(registration.getByLabel('Email')).toHaveValue(email);
  await expect(registration.getByLabel('Invite code')).not.toHaveValue('');
  await checkAndCapture(registration, 'register');
  await registration.getByLabel('Password').fill('a long enough password');
  await registration.getByLabel('Given name (optional)').fill('New');
  await registration.getByRole('button', { name: 'Create account' }).click();
  // The account's only tenant is the one that invited it: it goes straight in.
  await expect(registration.getByRole('heading', { level: 1, name: 'Demo Lab' })).toBeVisible();
  await invitee.close();
});
