import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { axeViolations } from './axe';
import { dashboardBase, e2eDataDir, e2eStaff } from './staff';

test('staff see the last database backup, with its size, in Site builds', async ({ page }) => {
  // The server is running on the embedded database: the backup goes through its admin socket.
  const out = execFileSync('npm', ['run', '--silent', 'db:backup'], {
    env: { ...process.env, DATA_DIR: e2eDataDir },
    encoding: 'utf8',
  });
  const name = /Backup written: .*\/(backup-[^ /]+\.ndjson\.gz) \(/.exec(out)?.[1];
  expect(name).toBeTruthy();

  await page.goto(`${dashboardBase}/builds`);
  await page.getByLabel('Name').fill(e2eStaff.name);
  await page.getByLabel('Password').fill(e2eStaff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const backup = page.getByRole('region', { name: 'Database backup' });
  await expect(backup).toContainText('Last backup:');
  await expect(backup).toContainText(new RegExp(`\\d+ KB · ${name?.replaceAll('.', '\\.')}`));
  expect(await axeViolations(page)).toEqual([]);
});
