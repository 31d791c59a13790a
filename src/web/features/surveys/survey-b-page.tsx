export default function SurveyBPage() {
  return null;
}
