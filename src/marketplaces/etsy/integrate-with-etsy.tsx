import { Link } from '@tanstack/react-router'
import { PublicPage } from '../../components/PublicPage.tsx'
import { SUPPORT_EMAIL } from '../../components/Footer.tsx'

export function IntegrateWithEtsyScreen() {
  return (
    <PublicPage title="Integrations">
      <p className="text-lg">
        Photograph an item once, let AI fill in the details, and list it where your buyers are. Snaplist publishes to
        eBay and to Etsy.
      </p>
      <p>
        <Link
          to="/auth"
          className="inline-block rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white no-underline hover:bg-indigo-700"
        >
          Get started
        </Link>{' '}
        <span className="text-sm text-slate-500">
          Already have an account? <Link to="/auth">Sign in</Link>
        </span>
      </p>

      <h2>Connect your Etsy shop</h2>
      <p>
        Snaplist lets sellers connect their Etsy shop using Etsy's official OAuth 2.0 authorization with PKCE. You sign
        in on Etsy's own website and choose whether to allow access. Etsy then gives Snaplist a secure access token for
        your shop. <strong>Snaplist never sees your Etsy password.</strong>
      </p>
      <h3>How connecting works</h3>
      <ul>
        <li>Sign in to Snaplist and choose to connect Etsy from your Dashboard.</li>
        <li>You are sent to Etsy, where you sign in and review the permissions Snaplist asks for.</li>
        <li>Approve the request and Etsy sends you back to Snaplist with your shop connected.</li>
      </ul>
      <p>
        Your Etsy access tokens are stored encrypted on our servers and are used only to act on your shop when you ask
        us to.
      </p>

      <h2>What it does</h2>
      <p>
        Post to Etsy creates a listing in your shop from the same photos and AI-filled details you use for eBay: title,
        description, price, category, keywords, colour and more, reviewed and edited by you before anything goes live.
        End on Etsy and Relist on Etsy take it down and put it back up, and a sale on one marketplace ends the listing
        on the other once its last piece sold.
      </p>

      <h2>Permissions we request</h2>
      <p>We ask Etsy only for the access the integration needs:</p>
      <ul>
        <li>
          <strong>Read listings</strong> (listings_r): to check the listings Snaplist created in your shop and show
          their current status.
        </li>
        <li>
          <strong>Write listings</strong> (listings_w): to create listings in your shop from your Snaplist drafts and
          update them when you edit them.
        </li>
        <li>
          <strong>Read shop details</strong> (shops_r): to find your shop and its settings so new listings go to the
          right shop.
        </li>
      </ul>
      <p>
        We do not ask for access to your orders, payments, billing, buyer messages or personal address. Snaplist acts on
        your shop only when you tell it to. Read more in our <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>

      <h2>How to disconnect</h2>
      <p>
        You stay in control and can remove Snaplist's access at any time. Revoke it in your Etsy account settings, where
        Etsy lists the apps you have allowed, and the stored token stops working immediately. Disconnect Etsy in the
        Connected Marketplaces panel of your Dashboard to delete the connection and its tokens from our servers, or
        email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we will do it for you. Listings already on
        Etsy stay in your shop and are managed on Etsy.
      </p>

      <h2>eBay is live today</h2>
      <p>
        Connect your eBay account with eBay's own sign-in and publish listings to eBay straight from your Dashboard.
        Start with eBay now, and your listings will be ready for Etsy when publishing opens.
      </p>
      <p>
        <Link to="/auth">Get started with Snaplist</Link>
      </p>

      <p className="mt-10 border-t border-slate-200 pt-4 text-sm text-slate-500">
        {
          "The term 'Etsy' is a trademark of Etsy, Inc. This application uses the Etsy API but is not endorsed or certified by Etsy, Inc."
        }
      </p>
    </PublicPage>
  )
}
