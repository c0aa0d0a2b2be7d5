import { Link } from '@tanstack/react-router'
import { PublicPage } from '../../components/PublicPage.tsx'
import { SUPPORT_EMAIL } from '../../components/Footer.tsx'

export function TermsOfServiceScreen() {
  const mail = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
  return (
    <PublicPage title="Terms of Service" updated="July 8, 2025">
      <p>
        These Terms of Service ("Terms") govern your use of the Snaplist web app and related services (the "Service")
        provided by Snaplist ("Snaplist", "we", "us"). Snaplist helps resellers photograph items, get AI-suggested
        listing details and publish listings to online marketplaces. Please read these Terms carefully.
      </p>

      <h2>1. Acceptance of these Terms</h2>
      <p>
        By creating an account or using the Service you agree to these Terms and to our{' '}
        <Link to="/privacy-policy">Privacy Policy</Link>. If you do not agree, do not use the Service. If you use the
        Service for a business, you accept these Terms on its behalf and confirm you have authority to do so.
      </p>

      <h2>2. Eligibility</h2>
      <p>
        You must be at least 18 years old and able to form a binding contract to use the Service. By using it you
        confirm that you meet this requirement and that you are not barred from using the Service or the marketplaces
        you connect under any applicable law.
      </p>

      <h2>3. Your account and security</h2>
      <ul>
        <li>Give accurate, current information when you register and keep it up to date.</li>
        <li>
          Keep your password confidential and do not share your account. You are responsible for all activity under it.
        </li>
        <li>Tell us immediately at {mail} if you suspect unauthorised use of your account.</li>
        <li>Drafts saved while offline are stored on your device until synced; keep your device secure.</li>
      </ul>

      <h2>4. The Service and AI suggestions</h2>
      <p>
        Snaplist lets you photograph or upload items, receive AI-generated suggestions (such as title, description,
        suggested and used prices, category, keywords, colour, brand and size), edit them, and publish listings to
        connected marketplaces. Suggestions are produced automatically and{' '}
        <strong>can be wrong, incomplete or misleading</strong>, including prices, brands, sizes and conditions.
      </p>
      <p>
        You are the seller. You are solely responsible for reviewing every listing before you publish it, for its
        accuracy and legality, for the items you sell, and for complying with the rules and policies of each marketplace
        you use. We may change, add or remove features of the Service at any time, and some features (such as publishing
        to Etsy) are marked as testing or "Coming Soon" and may not be available.
      </p>

      <h2>5. Marketplace connections</h2>
      <p>
        When you connect an eBay or Etsy account or a Shopify store you authorise Snaplist to access that account
        through the marketplace's official authorization flow and to act for you within the permissions you grant, for
        example to create listings. Your use of each marketplace is governed by that marketplace's own terms, fees and
        policies, which you must follow. Snaplist is not affiliated with, endorsed by or sponsored by eBay Inc., Etsy,
        Inc. or Shopify Inc. We are not responsible for marketplace outages, changes to their APIs or policies, listing
        removals, account suspensions or fees charged by them. You can disconnect a marketplace at any time.
      </p>

      <h2>6. Your content and our license to process it</h2>
      <p>
        You keep ownership of the photos, text and other content you submit ("User Content"). You grant Snaplist a
        worldwide, non-exclusive, royalty-free license to host, store, copy, resize, re-encode, analyse (including with
        third-party AI services such as Google Gemini), adapt and transmit your User Content only as needed to operate,
        secure and improve the Service and to publish it to the marketplaces you choose. This license ends when you
        delete the content or your account, except for copies already published to a marketplace at your request or that
        we must keep by law.
      </p>
      <p>
        You confirm that you own or have the rights to your User Content and the items you list, and that it does not
        infringe anyone's rights or break any law.
      </p>

      <h2>7. Acceptable use</h2>
      <p>You agree not to:</p>
      <ul>
        <li>
          list counterfeit, stolen, illegal, prohibited or misrepresented items, or post false or deceptive listings;
        </li>
        <li>
          upload content that infringes intellectual property or privacy rights, or that is unlawful, hateful or
          obscene;
        </li>
        <li>access another person's account or data, or try to break, probe or bypass the Service's security;</li>
        <li>scrape, overload, reverse engineer or interfere with the Service, or use it to send spam or malware;</li>
        <li>use the Service to violate any marketplace's terms or any applicable law.</li>
      </ul>

      <h2>8. Fees</h2>
      <p>
        Unless we tell you otherwise, the Service is currently provided free of charge. If we introduce paid features,
        we will show the price and terms before you are charged, and you can choose whether to buy them. Fees charged by
        eBay, Etsy, Shopify or other marketplaces (such as listing or final value fees) are between you and that
        marketplace and are your responsibility. You are responsible for any taxes on your sales.
      </p>

      <h2>9. Termination</h2>
      <p>
        You may stop using the Service at any time and ask us to delete your account by contacting {mail}. We may
        suspend or terminate your account, or remove User Content or listings, if you breach these Terms, create risk or
        legal exposure for us or others, or if we stop offering the Service. Sections that by their nature should
        survive termination (including content license limits, disclaimers, limitation of liability, indemnity and
        governing law) will survive.
      </p>

      <h2>10. Disclaimers</h2>
      <p>
        THE SERVICE IS PROVIDED "AS IS" AND "AS AVAILABLE", WITHOUT WARRANTIES OF ANY KIND, WHETHER EXPRESS OR IMPLIED,
        INCLUDING WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE, ACCURACY AND NON-INFRINGEMENT. We do
        not warrant that the Service will be uninterrupted or error-free, that AI suggestions or price estimates will be
        accurate, that offline drafts will always sync, or that any listing will be accepted by a marketplace or result
        in a sale.
      </p>

      <h2>11. Limitation of liability</h2>
      <p>
        TO THE FULLEST EXTENT PERMITTED BY LAW, SNAPLIST WILL NOT BE LIABLE FOR ANY INDIRECT, INCIDENTAL, SPECIAL,
        CONSEQUENTIAL OR PUNITIVE DAMAGES, OR FOR ANY LOSS OF PROFITS, REVENUE, SALES, DATA OR GOODWILL, ARISING FROM OR
        RELATED TO THE SERVICE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGES.
      </p>
      <p>
        Our total liability for all claims arising from or relating to the Service or these Terms is limited to the
        greater of (a) the amounts you paid us in the twelve (12) months before the claim or (b) 100 USD. Some
        jurisdictions do not allow certain limitations, so some of the above may not apply to you.
      </p>

      <h2>12. Indemnity</h2>
      <p>
        You agree to defend, indemnify and hold harmless Snaplist and its owners, employees and service providers from
        any claims, damages, losses and expenses (including reasonable legal fees) arising from your User Content, your
        listings and sales, your use of the Service, your breach of these Terms, or your violation of any law or
        marketplace rule.
      </p>

      <h2>13. Governing law and venue</h2>
      <p>
        These Terms are governed by the laws of the State of Nevada, United States, without regard to its conflict of
        law rules. Any dispute arising from or relating to these Terms or the Service will be brought exclusively in the
        state or federal courts located in the State of Nevada, and you and Snaplist consent to the personal
        jurisdiction of those courts. Nothing here removes mandatory consumer protections of the country where you live.
      </p>

      <h2>14. Changes to these Terms</h2>
      <p>
        We may update these Terms from time to time. We will change the "Last updated" date above and, for material
        changes, notify you by email or in the app before they take effect. If you keep using the Service after the
        changes take effect, you accept the updated Terms.
      </p>

      <h2>15. General</h2>
      <p>
        These Terms and the Privacy Policy are the entire agreement between you and Snaplist about the Service. If any
        provision is found unenforceable, the rest remains in effect. Our failure to enforce a provision is not a
        waiver. You may not transfer these Terms without our consent; we may transfer them as part of a merger or sale
        of assets.
      </p>

      <h2>16. Contact</h2>
      <p>Questions about these Terms: {mail}.</p>
    </PublicPage>
  )
}
