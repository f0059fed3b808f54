import { MantineProvider } from '@mantine/core'
import { render } from '@testing-library/react'
import i18next from 'i18next'
import type { ReactNode } from 'react'
import { initReactI18next } from 'react-i18next'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { fallbackNamespaces } from '@/i18n/i18n'
import enUS from '@/i18n/locales/en-US.json'
import enUSApp from '@/i18n/locales/app/app.en-US.json'
import enUSOrganize from '@/i18n/locales/organize/organize.en-US.json'
import enUSRecipes from '@/i18n/locales/recipes/recipes.en-US.json'
import enUSRecipeEditor from '@/i18n/locales/recipe-editor/recipe-editor.en-US.json'
import enUSRecipePages from '@/i18n/locales/recipe-pages/recipe-pages.en-US.json'
import enUSRecipeImport from '@/i18n/locales/recipe-import/recipe-import.en-US.json'
import enUSReports from '@/i18n/locales/reports/reports.en-US.json'
import enUSMigrations from '@/i18n/locales/migrations/migrations.en-US.json'
import enUSIngredientParser from '@/i18n/locales/ingredient-parser/ingredient-parser.en-US.json'
import enUSAdminDebug from '@/i18n/locales/admin-debug/admin-debug.en-US.json'
import enUSMealplans from '@/i18n/locales/mealplans/mealplans.en-US.json'
import enUSShopping from '@/i18n/locales/shopping/shopping.en-US.json'
import enUSWebhooks from '@/i18n/locales/webhooks/webhooks.en-US.json'
import enUSNotifiers from '@/i18n/locales/notifiers/notifiers.en-US.json'
import enUSBackups from '@/i18n/locales/backups/backups.en-US.json'

/** i18next with the real American English strings (every namespace), as the app shows them. */
export async function initTestI18n() {
  if (i18next.isInitialized) return i18next
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: {
      'en-US': {
        translation: enUS,
        app: enUSApp,
        organize: enUSOrganize,
        recipes: enUSRecipes,
        'recipe-editor': enUSRecipeEditor,
        'recipe-pages': enUSRecipePages,
        'recipe-import': enUSRecipeImport,
        reports: enUSReports,
        migrations: enUSMigrations,
        'ingredient-parser': enUSIngredientParser,
        'admin-debug': enUSAdminDebug,
        mealplans: enUSMealplans,
        shopping: enUSShopping,
        webhooks: enUSWebhooks,
        notifiers: enUSNotifiers,
        backups: enUSBackups,
      },
    },
    fallbackNS: fallbackNamespaces,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  return i18next
}

/** Shows where the router is, so a test can assert on redirects. */
export function CurrentLocation() {
  const { pathname, search } = useLocation()
  return <div data-testid="location">{`${pathname}${search}`}</div>
}

/** Mantine and a memory router at `path`; `routes` are the test's <Route> elements, plus a location probe. */
export function renderAt(path: string, routes: ReactNode) {
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>{routes}</Routes>
        <CurrentLocation />
      </MemoryRouter>
    </MantineProvider>,
  )
}

export { Route }
