/**
 * The media shipped with the project: small generated placeholders (silhouettes, gradients, test
 * patterns), recognised by their bytes' SHA-256 so that a real photo dropped at the same path passes
 * the launch check (lib/launch.ts). Update this list only when the project ships a new placeholder.
 */
export const placeholderMediaSha256: ReadonlySet<string> = new Set([
  '6fc8b1123e72446dee14fada6efd959c0d3d64770f4dc0839254918d2c807ee5', // /media/about/studio.webp
  '79d974e22d652cd31b4a3cab3610241fa79ba23268c69d9fd2b928e32c26d84a', // /media/artists/artist-1.webp
  '48b1434bcceca2b049ded5d217d309f0110d3b95e5c2e1840a263b8e5026b65f', // /media/artists/artist-2.webp
  'aa0ac60b91e5c6917f9bdc5acbcc3f49295280af3e4ac3a55011d0f0834c84ff', // /media/artists/artist-3.webp
  'ee5092765f75fe59ac3d417e7d7ed5697e75e08f4f940b2af0ad1f462006d765', // /media/carousel/slide-01.webp
  '44b8c04e1335bc1e9cbf9dafc88279ffb1da0acef805e63fe4450c3e6b117ed9', // /media/carousel/slide-02.webp
  'd351899729db21047ac0eed74e1bb843104d47954c0fe56e41bcc86e5c9659a2', // /media/carousel/slide-03.webp
  '3ca4d28c3b78a3234325146be73e958216c3b0ce603bdb61a1b824b075eaf70b', // /media/carousel/slide-04.webp
  '30cb7e8cd2438cb11e9c7e54b9a0d3979f718b54315f2cca7022ca802da13020', // /media/carousel/slide-05.webp
  '48140ea92d66b1410ace86ca3ad8eddfc770491c3c901c81ffa42794bf99063f', // /media/carousel/slide-06.webp
  'e82b80036ac8c5f468fdc9c07bf6071765f2f91a2f774e7bbe98caf38e5b232e', // /media/carousel/slide-07.webp
  'a996501140a068773fb005b8f9bcdb43f1fa351e804fae57a77cccec33fde01a', // /media/carousel/slide-08.webp
  '6a5a677f6797e27a780533ee2eebb1c0d9d6c42682310a166a5d96eef9cb7acc', // /media/carousel/slide-09.webp
  '946a759ff100b89efdb9896685f1a0c97228297f49c37c603081982aa1b3ca38', // /media/carousel/slide-10.webp
  '38824d1466415fa017d72f926cc8ba08e4c655ea8393b6a8b71a6d6b9c3f36d3', // /media/carousel/slide-11.webp
  '2b80962c2f147feaae5686274754e5d921d35303408fdd3c9f7680fb49bd3bd3', // /media/carousel/slide-12.webp
  'b15ba50a3adc7b14fbf025767a9d5b5f2d3f61800197ed8803b6d1a311af8287', // /media/carousel/slide-13.webp
  'a81446fce5c49d1f0487742a2deafeb578169b78dc8e5cb4693503f83ea1fba2', // /media/cms/41-pro-studio.webp
  '9069236d14ca0c34f13ec543059e8ce0264c7bd6cc3651c3ce7b67ef250e4907', // /media/cms/52-moment-session.webp
  '2601bc823031e3be555dda97bbffd43d6fc2f1993effb5308ead742057ceb879', // /media/cms/53-moment-workshop.webp
  'a136d33c4584f3b422ca4723333533b1bf5a7af4e25c91435e849d72bb5ec2e5', // /media/cms/54-moment-live.webp
  '4eb747bba5ea2179a969ef012e62c1fb37c8207ed5cf61c6e661fd16b5abaa7f', // /media/courses/instrument.webp
  '0ff48f47d288eaf37b059b77febfc9a433c88a6a6013517a1ffe4f31152c4b08', // /media/courses/music-production.webp
  '4a36263132707aa0c0305e89329a7baff2c225b8d915db69a46ae335ad668eba', // /media/gallery/gallery-01.webp
  '98e4fc9278b9e1f83f849e20671c961e809aa2ab70b03791a8f66857332e4295', // /media/gallery/gallery-02.webp
  'c5ee387e338c7873ea6a0c8dee5a3e20eb590c0f1e4877247e6bce072c6685cd', // /media/gallery/gallery-03.webp
  'f776237830e6933187b91fb7326679fea279796cdfaa59397c670ca0372e81b2', // /media/gallery/gallery-04.webp
  '10cb8bfa42a99a77addd75e0f64c7c268185aa25dc995112d2b1d10e5becacaf', // /media/gallery/gallery-05.webp
  'c243e9252fa65c984fc60d406c8e87d29711d6c2df1e064cb02217b8da32181d', // /media/gallery/gallery-06.webp
  '9c12378d9163d7506a5da4c656a7b853ba8127261d707f39828a881a0d06984f', // /media/gallery/gallery-07.webp
  '53d7329558c1805f5c11da5b879d79c183c2d46685b5c803c724890c197c94ef', // /media/gallery/gallery-08.webp
  '6ca2ed51a730b6ce53819dc86332fae707dbf80019152b45a9afa9994bd0c7b3', // /media/gallery/gallery-09.webp
  '6b887b2bfa6fe15d8a6e58791e26a6d85ff5ef02d9eadf6557766d0dcdd1582c', // /media/home/hero.webp
  '10b724e3f153aaaa74fbd74e210b1fdd1aa28c21dae4617f0b13dc17a3a56248', // /media/home/party.webp
  '2ed802a083da166655e7bce70b158a8a49e8d6a7b812e8fd15512c7d5c77956e', // /media/institute/beti-na-hoti.webp
  '074e8709a2b9adebea3de0983d58714c0b3c5733641111e4f58c9ddd1d217b1d', // /media/institute/cities-on-fires.webp
  'ef8e31918714b63fb90255b8ad4d00676c8e4e269ca568308b1dd55317f3b4dd', // /media/institute/hero-poster.webp
  'b5babd277b064c4dc74eb7b0df60a5c21c18d600d7c42b8c68ce4f4f57c5f7ec', // /media/instruments/drums.svg
  'e569b76dfae5d64a028b8b689099c0cf188f07e9ffa2c6f0f56fd2bed211bf5d', // /media/instruments/guitar.svg
  '5912502cffbd4603c857d90339da95bdf21e37c7bc4e9ebb033b80469e2a1c4d', // /media/instruments/piano.svg
  'ece566de07a7272caf6abedbc90bda4965bf796b4d11ccde57f6c3ae2deba4c8', // /media/services/artist-management.svg
  'fe3eab166e5ab8afb60093fdebf52292d259a604b687939c97e99fd0af48a4d9', // /media/services/composition.svg
  '7a00e35c67415fae87f03b5a3552e09f2367bd17fd202563f6065e15d680c6f9', // /media/services/distribution.svg
  '0f32d193584de223681f5e6702079f246207ba3c79a32dd238c1e0679fa937f6', // /media/services/editing.svg
  '1fbca0ecfa498815e52e14844ea82f61acd0065f2b29deb00a93286427d15e90', // /media/services/mastering.svg
  '4b6f96cdf8425ac79fcf33d1c5d1fcd499e4ffd64bf025de244be4b34ace273d', // /media/services/mixing.svg
  'e18c6e4fa3e753e2a01c5b2db51be3e360bc853a5de81c875363358722aa1f51', // /media/services/promotion.svg
  'b5b0c4bfcf483258ce2f28316dd8d2cfe0250e910659ab71d52b640627b54ca9', // /media/services/recording.svg
  'b043da50a43fb22cf4f13b65fe140e94aa78293c95694bb3ebcc16d9f46cc9f3', // /media/services/sound-design.svg
  '69727cbf8de777d5e40ea9cee8fb7eacdd355c7bab93168222bd9635a4da4a70', // /media/services/video.svg
  '265698edafd9cf2691278d1f732059c212e544c9a82d8a0246fd37c896d60906', // /media/testimonials/person-1.webp
  'ee082b0ede0f5922377e8780a7db156523838ed70b081c4b62b5128e16fedb66', // /media/testimonials/person-2.webp
  '981ed1d1a59f6ae553feffc46d186795900e36469f76cada29a01cdd5e58395c', // /media/testimonials/person-3.webp
]);
