/** The console's landing page at `/admin`: the live home of the running games (./home/). */
import { Title } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { ConsoleHome } from './home/ConsoleHome';

export function Dashboard() {
  const { t } = useTranslation();
  return (
    <>
      <Title title={t('console.dashboard.title')} />
      <ConsoleHome />
    </>
  );
}
