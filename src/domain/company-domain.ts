/**
 * Which email domains a company may claim. Every self-registered address of a
 * company's domain joins that company and its monthly allowance, so the domain must be one only the
 * company's own people have mail at: not a webmail or disposable-mail service (anyone can open
 * `x@gmail.com`), and not the platform's own staff or provider domain (those addresses already mean
 * Jobby staff or a provider). Server-side only: the list is ~8,800 domains.
 */
import webmailList from 'email-providers/all.json' with { type: 'json' };

const WEBMAIL = new Set<string>(webmailList);

type CompanyDomainProblem = 'webmail' | 'platform';

/** The domain and each parent of at least two labels: `a.b.gmail.com` → itself, `b.gmail.com`, `gmail.com`. */
export function domainAndParents(domain: string): string[] {
  const labels = domain.toLowerCase().replace(/\.$/, '').split('.');
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
}

/** Why a company may not use this email domain, or null when it may. */
export function companyDomainProblem(domain: string, platform: { staffDomain: string; providerDomain: string }): CompanyDomainProblem | null {
  const candidates = domainAndParents(domain);
  const own = [platform.staffDomain.toLowerCase(), platform.providerDomain.toLowerCase()];
  if (candidates.some((candidate) => own.includes(candidate))) return 'platform';
  if (candidates.some((candidate) => WEBMAIL.has(candidate))) return 'webmail';
  return null;
}

/**
 * Whose mail an address's domain is: the most specific of `owned` that the domain is or is
 * under — `x.sub.andes.cl` and `sub.andes.cl` are andes.cl's when only andes.cl is owned, and
 * `filial.andes.cl`'s own when that is owned too. Null when none. The owner of a domain controls its
 * subdomains' mail, so another tenant's HR may not create addresses there; joining a company on
 * self-registration is still by the exact domain only (selfRegisteredLevel, decision 27).
 */
export function owningDomain(domain: string, owned: ReadonlySet<string>): string | null {
  return domainAndParents(domain).find((candidate) => owned.has(candidate)) ?? null;
}
