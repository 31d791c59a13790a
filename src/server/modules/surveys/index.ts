/** The surveys module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { surveyRoutes } from './routes';
export { saveSurveyA, saveSurveyB } from './service';
