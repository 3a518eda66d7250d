import { createRoot } from 'react-dom/client';
import { LiveClient } from './live-client';
import './live-client.css';

// No StrictMode: its double effect run would start a second Zoom join in development.
createRoot(document.getElementById('root')!).render(<LiveClient />);
