import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import { defaultPlatformSettings, platformSettingNames } from '@core/domain/platform-settings.ts';
import { platformSettings } from './business.ts';

describe("the platform settings' defaults", () => {
  it("are the columns' defaults, setting by setting: the database and core start from the same numbers", () => {
    const columns = getTableColumns(platformSettings);
    for (const name of platformSettingNames) {
      expect({ name, value: columns[name].default }).toEqual({ name, value: defaultPlatformSettings[name] });
    }
  });
});
