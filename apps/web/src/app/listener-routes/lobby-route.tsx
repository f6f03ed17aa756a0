import { useParams, useSearchParams } from 'react-router';
import { LobbyPage } from '../../features/live/lobby/lobby-page';
import { ProjectorPage } from '../../features/live/projector/projector-page';

// The listener pages inside the main app's router serve navigation within the app and the dev
// server; a page load gets the listener entry instead (app/listener-app.tsx).

export function LobbyRoute() {
  const { code = '' } = useParams();
  return <LobbyPage key={code} code={code} />;
}

export function ProjectorRoute() {
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  return <ProjectorPage code={code} languagesParam={params.get('languages')} />;
}
