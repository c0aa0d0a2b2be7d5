import { Link } from '@tanstack/react-router'
import { PublicPage } from '../../components/PublicPage.tsx'
import { SUPPORT_EMAIL } from '../../components/Footer.tsx'

export function PrivacyPolicyScreen() {
  const mail = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
  return (
    <PublicPage title="Privacy Policy" updated="July 8, 2025">
      <p>
        This Privacy Policy explains how Snaplist ("Snaplist", "we", "us") collects, uses, shares and protects personal
        information when you use the Snaplist web app, a listing tool that helps resellers photograph items, get
        AI-suggested listing details and publish listings to online marketplaces such as eBay, Etsy and Shopify (the
        "Service"). By using the Service you acknowledge the practices described here. Please also read our{' '}
        <Link to="/terms-of-service">Terms of Service</Link>.
      </p>

      <h2>1. Information we collect</h2>
      <h3>Account information</h3>
      <p>
        When you register we collect your username, email address, first name, last name and password. We never store
        your password in readable form: we keep only a salted, one-way hash of it. If you sign in with Google, we
        receive your name, email address and Google account identifier from Google. If you reset your password, we store
        a single-use reset token that expires.
      </p>
      <h3>Listings and photos</h3>
      <p>
        We store the listings you create (for example title, description, prices, category, keywords, colour, brand,
        size, quantity and department), the AI suggestions made for them, the photos you add, and the identifier and
        status of a listing once it is published to a marketplace.
      </p>
      <h3>Marketplace connections</h3>
      <p>
        When you connect an eBay or Etsy account or a Shopify store, the marketplace gives us access tokens (and refresh
        tokens) so we can act for you. We store these tokens encrypted at rest, together with the platform, token expiry
        dates, your marketplace username where provided, and when the connection was last used. We never see or store
        your eBay, Etsy or Shopify password: you sign in on the marketplace's own page.
      </p>
      <h3>Drafts stored on your device</h3>
      <p>
        Snaplist works offline. Drafts, their photos and a queue of pending changes are stored locally in your browser
        on your device until they are synced to our servers when you are online. This local data stays on your device;
        you can remove it by deleting the draft or by clearing the site data for Snaplist in your browser.
      </p>
      <h3>Cookies and technical data</h3>
      <p>
        We use a single session cookie to keep you signed in. It is strictly necessary for the Service, is marked
        HttpOnly (page scripts cannot read it), is sent only over secure connections when the site is served over HTTPS,
        and holds only a random identifier. We do not use advertising cookies or third-party tracking. Our servers also
        record technical logs (such as IP address, time of request, pages or API endpoints called and error details) to
        keep the Service secure, prevent abuse and fix problems.
      </p>
      <h3>Messages you send us</h3>
      <p>If you contact support we keep your message and our reply so we can help you.</p>

      <h2>2. How we process your photos</h2>
      <ul>
        <li>
          <strong>On your device:</strong> before a photo leaves your phone or computer, Snaplist resizes it and removes
          its metadata (EXIF), including GPS location, camera details and capture time.
        </li>
        <li>
          <strong>On our servers:</strong> every uploaded image is re-encoded, which again strips any remaining
          metadata, and stored together with a small thumbnail.
        </li>
        <li>
          <strong>AI analysis:</strong> when you ask Snaplist to analyse a photo, the image is sent to Google's Gemini
          AI to suggest listing details such as title, description, prices, category, keywords, colour and brand. These
          are suggestions only; you decide what to publish.
        </li>
        <li>
          <strong>Publishing:</strong> when you publish a listing, its photos and details are sent to the marketplace
          you choose and become publicly visible there.
        </li>
      </ul>

      <h2>3. How we use information</h2>
      <ul>
        <li>To create and run your account, sign you in and keep your session secure.</li>
        <li>To store, sync and display your drafts and listings, and to generate AI listing suggestions.</li>
        <li>To publish listings to the marketplaces you connect and keep their status up to date.</li>
        <li>To send service emails such as a welcome message and password reset links.</li>
        <li>To answer support requests, prevent fraud and abuse, and maintain and improve the Service.</li>
        <li>To comply with legal obligations and enforce our Terms of Service.</li>
      </ul>
      <p>
        Where the law requires a legal basis, we rely on performing our contract with you, our legitimate interests in
        running a secure and reliable service, your consent (for example when you connect a marketplace, which you can
        withdraw at any time), and compliance with legal obligations. We do not sell your personal information and we do
        not share it for cross-context behavioural advertising.
      </p>

      <h2>4. Who we share information with</h2>
      <p>We share personal information only with the following, and only as needed to provide the Service:</p>
      <ul>
        <li>
          <strong>Google (Gemini API)</strong> receives the photos you ask us to analyse, to produce listing
          suggestions.
        </li>
        <li>
          <strong>eBay, Etsy and Shopify</strong> receive listing details, photos and the authorization needed to act
          for you, but only when you connect your account and publish to them. Their own privacy policies apply to data
          they hold.
        </li>
        <li>
          <strong>Hosting and storage providers</strong> that run our servers, Postgres database and photo storage (such
          as Supabase Storage, where used).
        </li>
        <li>
          <strong>Email provider</strong> that delivers our service emails (for example password reset and welcome
          messages).
        </li>
        <li>
          <strong>Authorities or others</strong> where required by law, to protect rights, safety or the Service, or as
          part of a merger, acquisition or sale of assets, in which case this policy will continue to apply.
        </li>
      </ul>
      <p>Our service providers may use your information only to perform services for us.</p>

      <h2>5. How long we keep information</h2>
      <ul>
        <li>Account information is kept while your account is open and deleted when the account is deleted.</li>
        <li>Listings and photos are kept until you delete them or your account is deleted.</li>
        <li>
          Marketplace tokens are kept until you disconnect the marketplace, the marketplace revokes them, or your
          account is deleted.
        </li>
        <li>Sessions end when you log out or they expire; password reset tokens expire and can be used only once.</li>
        <li>Drafts on your device stay there until they are synced, you delete them or you clear your browser data.</li>
        <li>
          Technical logs and support messages are kept only as long as needed for security, troubleshooting and legal
          obligations.
        </li>
      </ul>

      <h2>6. Deleting your data</h2>
      <p>
        You can delete any of your listings at any time from your Dashboard. To delete your account and the personal
        information linked to it, contact us at {mail}. When you delete data we remove it from our active systems;
        listings already published to eBay, Etsy or Shopify must be ended or deleted on that marketplace, because the
        marketplace holds its own copy.
      </p>
      <p>
        We honour eBay marketplace account deletion notifications: when eBay tells us that an eBay user has closed their
        eBay account, we delete the data we hold about that eBay account, including the stored connection tokens.
      </p>

      <h2>7. Security</h2>
      <p>
        We protect your information with encrypted connections (HTTPS), hashed passwords, marketplace tokens encrypted
        at rest, HttpOnly session cookies whose identifiers are stored only in hashed form, access checks so that each
        user can reach only their own listings, and removal of location metadata from photos. No method of transmission
        or storage is completely secure, so we cannot guarantee absolute security. Please keep your password private and
        tell us promptly at {mail} if you suspect unauthorised access to your account.
      </p>

      <h2>8. Your rights</h2>
      <p>Depending on where you live, you may have the right to:</p>
      <ul>
        <li>
          <strong>Access</strong> the personal information we hold about you;
        </li>
        <li>
          <strong>Correction</strong> of information that is inaccurate or incomplete;
        </li>
        <li>
          <strong>Deletion</strong> of your personal information;
        </li>
        <li>
          <strong>Portability</strong>: receive your information in a structured, machine-readable format;
        </li>
        <li>
          <strong>Objection</strong> to, or restriction of, certain processing, and withdrawal of consent at any time.
        </li>
      </ul>
      <p>
        To make a request, email {mail}. We will answer your request within 30 days. We may need to verify your identity
        before acting, and we will not discriminate against you for exercising your rights. You also have the right to
        complain to your local data protection authority.
      </p>

      <h2>9. Children</h2>
      <p>
        The Service is not intended for anyone under 16, and you must be at least 16 years old to use it. We do not
        knowingly collect personal information from children under 16. If you believe a child has given us personal
        information, contact us at {mail} and we will delete it.
      </p>

      <h2>10. International transfers</h2>
      <p>
        We and our service providers, including Google, eBay, Etsy and Shopify, may process your information in the
        United States and other countries whose data protection laws may differ from those where you live. Where
        required, we use appropriate safeguards for these transfers, such as the European Commission's Standard
        Contractual Clauses.
      </p>

      <h2>11. Changes to this policy</h2>
      <p>
        We may update this Privacy Policy from time to time. We will change the "Last updated" date above and, for
        material changes, tell you by email or in the app before they take effect. Your continued use of the Service
        after an update means you accept the revised policy.
      </p>

      <h2>12. Contact us</h2>
      <p>Questions or requests about this Privacy Policy or your personal information: {mail}.</p>
    </PublicPage>
  )
}
